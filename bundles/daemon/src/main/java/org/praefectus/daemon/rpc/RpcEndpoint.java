package org.praefectus.daemon.rpc;

import java.io.IOException;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A network API the daemon starts beside its socket (gRPC {@code peekaboox.v1}), serving the daemon's own
 * methods. Registered as a service by the bundle that implements it; the daemon starts it only while it
 * runs, and not at all with {@code --no-grpc}.
 */
@ConsumerType
public interface RpcEndpoint {

    /**
     * Binds and serves until the returned handle is closed.
     *
     * @throws IOException the address cannot be bound
     */
    AutoCloseable start(RpcSettings settings, DaemonMethods methods) throws IOException;

    /** The bound address, {@code host:port}, once started. */
    String address();
}

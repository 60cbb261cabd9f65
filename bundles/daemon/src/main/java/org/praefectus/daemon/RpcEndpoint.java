package org.praefectus.daemon;

import java.io.IOException;
import org.praefectus.daemon.ipc.IpcMethods;

/**
 * A network API the daemon starts beside its socket (gRPC {@code peekaboox.v1}), serving the same methods.
 * Private to the daemon's bundles.
 */
public interface RpcEndpoint {

    /** Binds and serves until the returned handle is closed. */
    AutoCloseable start(DaemonOptions options, IpcMethods methods) throws IOException;

    /** The bound address, {@code host:port}, once started. */
    String address();
}

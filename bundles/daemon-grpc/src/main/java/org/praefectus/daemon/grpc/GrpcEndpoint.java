package org.praefectus.daemon.grpc;

import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.vision.ImageAnalysis;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiStateDetector;
import org.praefectus.api.vision.VisualComparator;
import org.praefectus.daemon.rpc.DaemonMethods;
import org.praefectus.daemon.rpc.RpcEndpoint;
import org.praefectus.daemon.rpc.RpcSettings;

/**
 * gRPC {@code peekaboox.v1} for the daemon, on grpc-java's Netty transport (NIO; shaded, inside this
 * bundle). With a token every call must carry it as {@code x-peekaboox-token}.
 */
@Component(service = RpcEndpoint.class)
public final class GrpcEndpoint implements RpcEndpoint {

    /** At most this many bytes per request message: image pairs for compare fit, nothing unbounded does. */
    static final int MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

    /**
     * grpc-java logs through java.util.logging to stderr (a request it cannot parse, with a stack trace): the
     * daemon's stderr is for lifecycle lines only, and callers get the status instead. Held strongly, or the
     * logger and its level could be collected.
     */
    private static final java.util.logging.Logger GRPC_LOG = java.util.logging.Logger.getLogger("io.grpc");

    static {
        GRPC_LOG.setLevel(java.util.logging.Level.OFF);
    }

    private volatile String address;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ImageAnalysis analysis;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile VisualComparator comparator;

    /** What tells whether a window OCR reads is covered by others. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ScreenCapture screen;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ImageCodec codec;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile UiStateDetector states;

    @Override
    public AutoCloseable start(RpcSettings settings, DaemonMethods methods) throws IOException {
        PeekabooxService service = new PeekabooxService(
                methods,
                new GrpcVision(() -> analysis, () -> comparator, () -> codec, () -> screen),
                new GrpcDetection(() -> states, () -> analysis, () -> codec));
        NettyServerBuilder builder = NettyServerBuilder.forAddress(
                        new InetSocketAddress(settings.host(), settings.port()))
                .maxInboundMessageSize(MAX_MESSAGE_BYTES)
                .addService(
                        settings.token() == null
                                ? ServerInterceptors.intercept(service)
                                : ServerInterceptors.intercept(service, new TokenCheck(settings.token())));
        Server server = builder.build().start();
        InetSocketAddress bound = (InetSocketAddress) server.getListenSockets().get(0);
        // the address as asked for (0.0.0.0 stays 0.0.0.0, not Java's IPv6 wildcard), with the port bound
        String host = settings.host().contains(":") ? "[" + settings.host() + "]" : settings.host();
        address = host + ":" + bound.getPort();
        return () -> {
            server.shutdown();
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        };
    }

    @Override
    public String address() {
        return address;
    }
}

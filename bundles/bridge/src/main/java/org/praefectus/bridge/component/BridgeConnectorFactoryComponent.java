package org.praefectus.bridge.component;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.felix.http.jetty.ConnectorFactory;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.bridge.Bridge;
import org.praefectus.bridge.http.BridgeConnector;

/**
 * The bridge's own connector in Felix HTTP's Jetty, in place of the default one Felix opened on the
 * bridge's host and port: Felix offers no other way to set the server's error handler or the connector's
 * HTTP configuration, so Jetty's own errors (duplicate Host, malformed URI, head too large) would be its
 * HTML pages. Felix consults this factory once its default connector listens; the default connector is
 * closed and the bridge's takes the same host and port (the published endpoint stays true).
 */
@Component(service = ConnectorFactory.class)
public final class BridgeConnectorFactoryComponent implements ConnectorFactory {

    /** Binding the released port is tried this often, {@value #BIND_RETRY_MILLIS} ms apart (10 s in all). */
    private static final int BIND_ATTEMPTS = 100;

    private static final long BIND_RETRY_MILLIS = 100;

    private final Bridge bridge;

    @Activate
    public BridgeConnectorFactoryComponent(@Reference Bridge bridge) {
        this.bridge = bridge;
    }

    @Override
    public Connector createConnector(Server server) {
        String host = bridge.settings().server().host();
        int port = bridge.settings().server().port();
        for (Connector existing : server.getConnectors()) {
            if (existing instanceof ServerConnector felix && host.equals(felix.getHost())) {
                port = felix.getLocalPort() > 0 ? felix.getLocalPort() : felix.getPort();
                try {
                    felix.stop();
                } catch (Exception e) {
                    throw new IllegalStateException("Felix HTTP's default connector did not stop", e);
                }
                server.removeConnector(felix);
            }
        }
        try {
            return openWhenReleased(server, host, port);
        } catch (IOException e) {
            throw new UncheckedIOException("the bridge's socket " + host + ":" + port, e);
        }
    }

    /**
     * Binds the port the default connector had: the kernel releases it only once that connector's acceptor
     * thread has left accept(), a moment after stop() returns (seen as "Failed to bind" under load).
     */
    private static Connector openWhenReleased(Server server, String host, int port) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return BridgeConnector.open(server, host, port);
            } catch (IOException e) {
                if (attempt >= BIND_ATTEMPTS) {
                    throw e;
                }
                try {
                    Thread.sleep(BIND_RETRY_MILLIS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }
}

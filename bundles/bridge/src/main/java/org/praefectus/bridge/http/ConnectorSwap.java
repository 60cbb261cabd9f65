package org.praefectus.bridge.http;

import java.io.IOException;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Puts the bridge's connector ({@link BridgeConnector}) in place of the default one Felix HTTP opened on the bridge's
 * host and port. Felix opens its default connector when Jetty starts and consults the bridge's connector factory only
 * afterwards: a client that connects before the swap ends may be refused or, in a race inside Jetty's stopping
 * acceptor, accepted and never served. So the bridge is announced only once this returns (the bridge's connector then
 * listens, and a client waits in its accept queue until Jetty starts it).
 */
public final class ConnectorSwap {

    /** Binding the released port is tried this often, {@value #BIND_RETRY_MILLIS} ms apart (10 s in all). */
    private static final int BIND_ATTEMPTS = 100;

    private static final long BIND_RETRY_MILLIS = 100;

    private ConnectorSwap() {}

    /**
     * Stops and removes {@code server}'s connector on {@code host} (stopping closes its connections) and opens the bridge's on
     * the port it had ({@code port} when there was none): bound and listening when this returns, so a client
     * connecting from then on waits in its accept queue until Jetty starts it.
     */
    public static ServerConnector replaceDefault(Server server, String host, int port) throws IOException {
        int bound = port;
        for (Connector existing : server.getConnectors()) {
            if (existing instanceof ServerConnector felix && host.equals(felix.getHost())) {
                bound = felix.getLocalPort() > 0 ? felix.getLocalPort() : felix.getPort();
                try {
                    felix.stop();
                } catch (Exception e) {
                    throw new IllegalStateException("Felix HTTP's default connector did not stop", e);
                }
                server.removeConnector(felix);
            }
        }
        return openWhenReleased(server, host, bound);
    }

    /**
     * Binds the port the default connector had: the kernel releases it only once that connector's acceptor thread
     * has left accept(), a moment after stop() returns (seen as "Failed to bind" under load).
     */
    private static ServerConnector openWhenReleased(Server server, String host, int port) throws IOException {
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

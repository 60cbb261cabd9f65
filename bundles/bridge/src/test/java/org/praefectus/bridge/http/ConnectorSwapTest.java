package org.praefectus.bridge.http;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;

/**
 * Issue 38: the bridge announced itself when Felix HTTP published its default connector, which the bridge then
 * replaces: a probe right after the line was refused during the swap (about one start in six), or accepted by the
 * stopping connector and never answered. The bridge is now announced when the swap returns, so the swap must leave the
 * bridge's connector listening on the port by then (a client connecting is queued, not refused) and end what the
 * default connector had accepted.
 */
class ConnectorSwapTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Test
    void aConnectionTheDefaultConnectorAcceptedIsClosedAndTheBridgesConnectorTakesItsPort() throws Exception {
        Server server = new Server();
        ServerConnector felix = new ServerConnector(server);
        felix.setHost("127.0.0.1");
        felix.setPort(0);
        server.addConnector(felix);
        server.start();
        try (Socket early = new Socket(LOOPBACK, felix.getLocalPort())) {
            int port = felix.getLocalPort();
            awaitAccepted(felix);

            ServerConnector bridge = ConnectorSwap.replaceDefault(server, "127.0.0.1", 0);

            assertEquals(port, bridge.getLocalPort(), "the bridge's connector takes the default connector's port");
            early.setSoTimeout(30_000);
            try {
                assertEquals(-1, early.getInputStream().read(), "the early connection ends");
            } catch (SocketTimeoutException leftOpen) {
                fail("the connection the default connector accepted was left open with nobody to serve it");
            } catch (SocketException reset) {
                // ended by a reset: the client knows to connect again
            }
            // connected as a client does on the announcement: before Jetty starts the connector
            try (Socket probe = new Socket(LOOPBACK, port)) {
                server.addConnector(bridge);
                bridge.start();
                probe.setSoTimeout(30_000);
                probe.getOutputStream().write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(US_ASCII));
                String status = firstLine(probe.getInputStream());
                assertTrue(status.startsWith("HTTP/1.1 "), status);
            }
        } finally {
            server.stop();
        }
    }

    /** Waits (bounded) until the connector holds the connection as an endpoint of its own. */
    private static void awaitAccepted(ServerConnector connector) throws InterruptedException {
        for (int i = 0; i < 3000 && connector.getConnectedEndPoints().isEmpty(); i++) {
            Thread.sleep(10);
        }
        assertEquals(1, connector.getConnectedEndPoints().size(), "the default connector accepted the connection");
    }

    private static String firstLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
            line.append((char) c);
        }
        return line.toString().trim();
    }
}

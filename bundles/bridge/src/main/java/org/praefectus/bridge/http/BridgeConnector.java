package org.praefectus.bridge.http;

import java.io.IOException;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The bridge's listening socket on a Jetty server: HTTP/1.1 parsed strictly (RFC 7230 compliance, no ambiguous URI:
 * a duplicate Host header is refused, as a second Host could be a rebinding name the guard never sees), a
 * bounded request head, no Server header, an accept backlog for bursts, and the server's errors in the
 * contract's envelope ({@link EnvelopeErrorHandler}).
 */
public final class BridgeConnector {

    /** The listening socket's accept backlog: bursts of connections wait instead of being reset. */
    public static final int ACCEPT_QUEUE_SIZE = 1024;
    /** Largest request line plus headers; beyond it Jetty answers 414 (URI) or 431 (headers). */
    public static final int MAX_REQUEST_HEAD_BYTES = 16 * 1024;
    /** An idle keep-alive connection is closed after this long (Felix HTTP's default). */
    static final long IDLE_TIMEOUT_MILLIS = 60_000;

    private BridgeConnector() {}

    /**
     * A connector for the server, bound now to {@code host:port} (0: a free port), and the server's error
     * handler set to the envelope one. The caller adds it to the server (a started server: and starts it).
     */
    public static ServerConnector open(Server server, String host, int port) throws IOException {
        HttpConfiguration http = new HttpConfiguration();
        http.setHttpCompliance(HttpCompliance.RFC7230);
        http.setUriCompliance(UriCompliance.DEFAULT);
        http.setRequestHeaderSize(MAX_REQUEST_HEAD_BYTES);
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        http.setSendDateHeader(true);
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(host);
        connector.setPort(port);
        connector.setAcceptQueueSize(ACCEPT_QUEUE_SIZE);
        connector.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
        server.setErrorHandler(new EnvelopeErrorHandler());
        connector.open();
        return connector;
    }
}

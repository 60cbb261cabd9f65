package org.praefectus.mcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Settle;

/**
 * Waits until {@code /mcp} is served: Felix HTTP starts Jetty and the servlet whiteboard registers the servlet
 * asynchronously after the ConfigAdmin updates, so "configured" is not "listening". Jetty alone answers 404
 * until the servlet is registered; the guard or the SDK answer anything else.
 */
final class HttpReadiness {

    private HttpReadiness() {}

    /** Whether {@code endpoint} answered with something other than 404 before {@code timeoutMs}. */
    static boolean await(URI endpoint, String token, long timeoutMs) throws InterruptedException {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(5))
                .GET()
                .header("Accept", "text/event-stream");
        if (!token.isBlank()) {
            request.header("Authorization", "Bearer " + token);
        }
        Settle.Check<InterruptedException> served = () -> {
            try {
                return client.send(request.build(), HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        != 404;
            } catch (IOException notListeningYet) {
                return false; // connection refused until Jetty has started
            }
        };
        Settle.Outcome outcome =
                Settle.await(served, Settle.every(50), System.currentTimeMillis() + timeoutMs, new CancellationToken());
        if (outcome == Settle.Outcome.CANCELLED && Thread.interrupted()) {
            throw new InterruptedException("the wait for the HTTP endpoint was interrupted");
        }
        return outcome == Settle.Outcome.HELD;
    }

    /** Whether this process can bind {@code host:port} now (closed again at once). */
    static boolean portFree(String host, int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(host, port));
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** {@code host:port} as the socket is bound: numeric, IPv6 in brackets. */
    static String boundAddress(String host, int port) {
        String address;
        try {
            address = java.net.InetAddress.getByName(host).getHostAddress();
        } catch (java.net.UnknownHostException e) {
            address = host;
        }
        return (address.contains(":") ? "[" + address + "]" : address) + ":" + port;
    }

    /** The endpoint URL for a bind address (IPv6 literals in brackets; the wildcard bind probed on loopback). */
    static URI endpoint(String host, int port) {
        String name = host.equals("0.0.0.0")
                ? "127.0.0.1"
                : host.equals("::") ? "[::1]" : host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return URI.create("http://" + name + ":" + port + "/mcp");
    }
}

package org.praefectus.tests.remote;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.tests.fleet.PostgresServer;

/**
 * Delayed ACKs on a benchmark's own routes (root: ip, nstat). Aries RSA's TCP provider (the distribution
 * before #40) wrote a call as several small segments on a fresh connection without TCP_NODELAY; the side that
 * answered with its stream header delayed its ACK (up to 40 ms on Linux) and the caller's next small segment waits for that ACK
 * (Nagle). The route option {@code quickack 1} (ip-route(8), RTAX_QUICKACK) turns delayed ACKs off for the
 * connections on one route, without touching the provider; {@code TcpExtDelayedACKs} counts the delayed
 * ACKs a network namespace sent. {@code namespace} null is the benchmark's own namespace.
 */
final class DelayedAcks {

    private DelayedAcks() {}

    /** Sets {@code quickack 1} on the route to {@code destination} (its exact prefix) in {@code table}. */
    static void turnOff(String namespace, String table, String destination) throws IOException, InterruptedException {
        String route = ip(namespace, "-o", "route", "show", "table", table, "exact", destination)
                .strip();
        if (route.isEmpty()) {
            throw new IllegalStateException("no route " + destination + " in table " + table);
        }
        List<String> replace = new ArrayList<>(List.of("route", "replace"));
        replace.addAll(List.of(route.split("\\s+")));
        replace.addAll(List.of("table", table, "quickack", "1"));
        ip(namespace, replace.toArray(String[]::new));
    }

    /** The delayed ACKs the namespace's TCP has sent since it was made. */
    static long sent(String namespace) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (namespace != null) {
            command.addAll(List.of("ip", "netns", "exec", namespace));
        }
        // -a absolute, -s leave nstat's history file alone, -z print the counter even when it is 0
        command.addAll(List.of("nstat", "-asz", "TcpExtDelayedACKs"));
        for (String line : PostgresServer.run(command).split("\n")) {
            String[] fields = line.trim().split("\\s+");
            if (fields[0].equals("TcpExtDelayedACKs")) {
                return Long.parseLong(fields[1]);
            }
        }
        throw new IllegalStateException("nstat printed no TcpExtDelayedACKs");
    }

    private static String ip(String namespace, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        if (namespace != null) {
            command.addAll(List.of("-n", namespace));
        }
        command.addAll(List.of(arguments));
        return PostgresServer.run(command);
    }
}

package org.praefectus.mcp.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The user id of the process at the other end of a loopback TCP connection, from the kernel's socket table
 * ({@code /proc/net/tcp}, {@code /proc/net/tcp6}): the peer's socket is the one whose local port is the
 * request's remote port and whose remote port is the server's. On loopback every local user can connect, so
 * an MCP session is bound to the user that created it, not only to a token. Empty where the table is not
 * available (not Linux, or not a local peer).
 */
final class LoopbackPeer {

    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));

    private LoopbackPeer() {}

    static OptionalInt uid(int serverPort, int peerPort) {
        String local = String.format(Locale.ROOT, ":%04X", peerPort);
        String remote = String.format(Locale.ROOT, ":%04X", serverPort);
        for (Path table : TABLES) {
            try {
                for (String line : Files.readAllLines(table)) {
                    String[] f = line.trim().split("\\s+");
                    // sl local_address rem_address st tx:rx tr:when retrnsmt uid ...
                    if (f.length > 7 && f[1].endsWith(local) && f[2].endsWith(remote)) {
                        return OptionalInt.of(Integer.parseInt(f[7]));
                    }
                }
            } catch (IOException | RuntimeException unavailable) {
                // try the other table; empty if neither knows the peer
            }
        }
        return OptionalInt.empty();
    }
}

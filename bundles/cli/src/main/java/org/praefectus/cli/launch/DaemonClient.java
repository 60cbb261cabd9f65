package org.praefectus.cli.launch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The CLI's path through a running daemon: one {@code cli} request on the daemon's socket, its envelope
 * back, no framework in this process. Relative file arguments are made absolute first, because the daemon
 * runs in a working directory of its own.
 */
final class DaemonClient {

    /** The reply to a routed command: its envelope line and the exit code that envelope means. */
    record Reply(String envelope, int exitCode) {}

    /** Options whose value is a file or folder path, absolute or not. */
    static final Set<String> PATH_OPTIONS = Set.of(
            "--output",
            "--ledger",
            "--diff-output",
            "--report",
            "--mask-output",
            "--overlay-output",
            "--path",
            "--trust-policy",
            "--image",
            "--expected",
            "--actual");

    /** The daemon's answer when it will not run an automatically routed command (another desktop). */
    static final String NOT_ROUTED = "{\"ok\":false,\"error\":{\"code\":\"not_routed\"";

    private static final int MAX_REPLY_BYTES = 64 * 1024 * 1024;

    private DaemonClient() {}

    /** {@code $XDG_RUNTIME_DIR/praefectus.sock}, as the daemon listens on it. */
    static Path socketPath() {
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        return Path.of(runtime != null && runtime.startsWith("/") ? runtime : System.getProperty("java.io.tmpdir"))
                .resolve("praefectus.sock");
    }

    /**
     * Sends the command to the daemon.
     *
     * @param auto whether the user did not ask for the daemon: then a daemon of another desktop declines
     * @return the reply, or {@code null} when no daemon answers (or it declined an automatic route)
     */
    static Reply forward(List<String> arguments, boolean auto) {
        Path socket = socketPath();
        if (!Files.exists(socket)) {
            return null;
        }
        Path cwd = Path.of("").toAbsolutePath();
        StringBuilder request = new StringBuilder("{\"method\":\"cli\",\"params\":{\"argv\":[");
        String separator = "";
        for (String argument : absolute(arguments, cwd)) {
            request.append(separator).append(JsonText.quote(argument));
            separator = ",";
        }
        request.append("],\"auto\":").append(auto);
        String display = System.getenv("DISPLAY");
        request.append(",\"display\":").append(JsonText.quote(display == null ? "" : display));
        request.append("}}\n");
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            ByteBuffer out = ByteBuffer.wrap(request.toString().getBytes(StandardCharsets.UTF_8));
            while (out.hasRemaining()) {
                channel.write(out);
            }
            String line = readLine(channel);
            if (line == null || (auto && line.startsWith(NOT_ROUTED))) {
                return null;
            }
            return new Reply(line, exitCode(line));
        } catch (IOException unavailable) {
            return null;
        }
    }

    /**
     * The CLI's exit code for an envelope, by the CLI's own rule: success 0, usage 2, any other failure 3.
     * The CLI writes {@code ok} first and an error's {@code code} first, so a prefix tells them apart.
     */
    static int exitCode(String envelope) {
        if (envelope.startsWith("{\"ok\":true")) {
            return 0;
        }
        return envelope.startsWith("{\"ok\":false,\"error\":{\"code\":\"usage\"") ? 2 : 3;
    }

    /** Arguments with relative paths resolved against {@code cwd}: path options' values, existing files. */
    static List<String> absolute(List<String> arguments, Path cwd) {
        List<String> resolved = new ArrayList<>(arguments.size());
        boolean pathValue = false;
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            if (i == 0) {
                resolved.add(argument);
                continue;
            }
            int equals = argument.indexOf('=');
            if (argument.startsWith("--") && equals > 0 && PATH_OPTIONS.contains(argument.substring(0, equals))) {
                resolved.add(argument.substring(0, equals + 1) + resolve(argument.substring(equals + 1), cwd));
                pathValue = false;
            } else if (pathValue) {
                resolved.add(resolve(argument, cwd));
                pathValue = false;
            } else if (argument.startsWith("-")) {
                resolved.add(argument);
                pathValue = PATH_OPTIONS.contains(argument);
            } else {
                resolved.add(
                        !argument.isEmpty() && Files.exists(cwd.resolve(argument)) ? resolve(argument, cwd) : argument);
            }
        }
        return resolved;
    }

    private static String resolve(String path, Path cwd) {
        try {
            return path.isEmpty() ? path : cwd.resolve(path).toString();
        } catch (java.nio.file.InvalidPathException notAPath) {
            return path;
        }
    }

    private static String readLine(SocketChannel channel) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(4096);
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        while (channel.read(buffer) >= 0) {
            buffer.flip();
            while (buffer.hasRemaining()) {
                byte b = buffer.get();
                if (b == '\n') {
                    return line.toString(StandardCharsets.UTF_8);
                }
                line.write(b);
            }
            if (line.size() > MAX_REPLY_BYTES) {
                throw new IOException("reply too long");
            }
            buffer.clear();
        }
        return null;
    }
}

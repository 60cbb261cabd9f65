package org.praefectus.daemon;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.host.HostState;
import org.praefectus.daemon.host.Gates;

/**
 * {@code praefectus daemon} options, as PeekabooX's {@code peekabooxd run} where they apply, with their
 * environment variables.
 *
 * @param gates                    profile ({@code --profile}, default assist), {@code --allow-input} /
 *                                 {@code PEEKABOOX_ALLOW_INPUT=1}, {@code --allow-plugins} /
 *                                 {@code PEEKABOOX_ALLOW_PLUGINS=1}
 * @param grpc                     whether gRPC serves ({@code --no-grpc} turns it off)
 * @param grpcHost                 the gRPC host ({@code --grpc-addr HOST:PORT}, default 127.0.0.1:47777)
 * @param grpcPort                 the gRPC port (0: any free port)
 * @param grpcToken                {@code --grpc-token} / {@code PEEKABOOX_GRPC_TOKEN}; required off loopback
 * @param socket                   {@code --socket PATH}, default {@code $XDG_RUNTIME_DIR/praefectus.sock}
 * @param stateDirectory           {@code --state-dir PATH}, default {@code $XDG_STATE_HOME/praefectus/daemon}
 * @param sandboxBasic             {@code --sandbox basic}: no new privileges, not dumpable
 * @param accessibilityCacheTtlMs  {@code --accessibility-cache-ttl-ms} (accepted; see the README)
 * @param accessibilityEvents      {@code --no-accessibility-events} turns it off (accepted; see the README)
 * @param visionFallback           {@code --vision-fallback} / {@code PEEKABOOX_VISION_FALLBACK=1} (accepted)
 */
public record DaemonOptions(
        Gates gates,
        boolean grpc,
        String grpcHost,
        int grpcPort,
        String grpcToken,
        Path socket,
        Path stateDirectory,
        boolean sandboxBasic,
        long accessibilityCacheTtlMs,
        boolean accessibilityEvents,
        boolean visionFallback) {

    static final String DEFAULT_GRPC = "127.0.0.1:47777";

    static DaemonOptions parse(String command, List<String> arguments, Map<String, String> environment)
            throws CliCommandException {
        Gates.Profile profile = Gates.Profile.ASSIST;
        boolean allowInput = "1".equals(environment.get("PEEKABOOX_ALLOW_INPUT"));
        boolean allowPlugins = "1".equals(environment.get("PEEKABOOX_ALLOW_PLUGINS"));
        boolean grpc = true;
        String grpcAddress = DEFAULT_GRPC;
        String token = environment.get("PEEKABOOX_GRPC_TOKEN");
        Path socket = defaultSocket(environment);
        Path state = HostState.root().resolve("daemon");
        boolean sandbox = false;
        long ttl = 500;
        boolean events = true;
        boolean vision = "1".equals(environment.get("PEEKABOOX_VISION_FALLBACK"));
        for (int i = 0; i < arguments.size(); i++) {
            String option = arguments.get(i);
            switch (option) {
                case "--allow-input" -> allowInput = true;
                case "--allow-plugins" -> allowPlugins = true;
                case "--no-grpc" -> grpc = false;
                case "--no-accessibility-events" -> events = false;
                case "--vision-fallback" -> vision = true;
                case "--no-emergency-hotkey" -> {
                    // accepted for PeekabooX compatibility: this daemon has no emergency hotkey listener
                }
                case "--profile" -> {
                    try {
                        profile = Gates.Profile.parse(value(command, arguments, ++i, option));
                    } catch (IllegalArgumentException e) {
                        throw CliCommandException.usage(command + ": " + e.getMessage());
                    }
                }
                case "--grpc-addr" -> grpcAddress = value(command, arguments, ++i, option);
                case "--grpc-token" -> token = value(command, arguments, ++i, option);
                case "--socket" -> socket = absolute(command, value(command, arguments, ++i, option));
                case "--state-dir" -> state = absolute(command, value(command, arguments, ++i, option));
                case "--sandbox" -> {
                    String mode = value(command, arguments, ++i, option);
                    if (!mode.equals("basic")) {
                        throw CliCommandException.usage(command + ": --sandbox takes basic (strict is not supported)");
                    }
                    sandbox = true;
                }
                case "--accessibility-cache-ttl-ms" -> {
                    try {
                        ttl = Long.parseLong(value(command, arguments, ++i, option));
                    } catch (NumberFormatException e) {
                        ttl = -1;
                    }
                    if (ttl < 0) {
                        throw CliCommandException.usage(command + ": --accessibility-cache-ttl-ms takes milliseconds");
                    }
                }
                default -> throw CliCommandException.usage(command + ": unknown option: " + printable(option));
            }
        }
        int colon = grpcAddress.lastIndexOf(':');
        if (colon <= 0) {
            throw CliCommandException.usage(command + ": --grpc-addr takes HOST:PORT");
        }
        String host = grpcAddress.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(grpcAddress.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65535) {
            throw CliCommandException.usage(command + ": --grpc-addr takes HOST:PORT");
        }
        if (token != null && token.isEmpty()) {
            token = null;
        }
        if (grpc && token == null && !loopback(host)) {
            throw CliCommandException.usage(
                    command + ": a non-loopback --grpc-addr needs --grpc-token or PEEKABOOX_GRPC_TOKEN");
        }
        return new DaemonOptions(
                new Gates(profile, allowInput, allowPlugins),
                grpc,
                host,
                port,
                token,
                socket,
                state,
                sandbox,
                ttl,
                events,
                vision);
    }

    static Path defaultSocket(Map<String, String> environment) {
        String runtime = environment.get("XDG_RUNTIME_DIR");
        return Path.of(runtime != null && runtime.startsWith("/") ? runtime : System.getProperty("java.io.tmpdir"))
                .resolve("praefectus.sock");
    }

    /** Whether {@code host} names only loopback addresses; a name that does not resolve is not loopback. */
    static boolean loopback(String host) {
        if (host.equals("localhost")) {
            return true;
        }
        try {
            InetAddress[] addresses = InetAddress.getAllByName(host);
            for (InetAddress address : addresses) {
                if (!address.isLoopbackAddress()) {
                    return false;
                }
            }
            return addresses.length > 0;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static String value(String command, List<String> arguments, int index, String option)
            throws CliCommandException {
        if (index >= arguments.size()) {
            throw CliCommandException.usage(command + ": " + option + " needs a value");
        }
        return arguments.get(index);
    }

    private static Path absolute(String command, String path) throws CliCommandException {
        Path resolved = Path.of(path);
        if (!resolved.isAbsolute()) {
            throw CliCommandException.usage(command + ": --socket and --state-dir take absolute paths");
        }
        return resolved;
    }

    private static String printable(String word) {
        return word.length() <= 64 ? word : word.substring(0, 64) + "…";
    }

    @Override
    public String toString() {
        // the token never reaches a log line
        return "DaemonOptions[profile=" + gates.profile().wireName() + ", grpc=" + grpc + ", token="
                + (grpcToken == null ? "none" : "set") + "]";
    }
}

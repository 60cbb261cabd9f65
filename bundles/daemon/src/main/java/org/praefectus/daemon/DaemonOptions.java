package org.praefectus.daemon;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.HostState;
import org.praefectus.daemon.host.Gates;
import org.praefectus.logging.InvalidLogSettingException;
import org.praefectus.logging.LogLevel;
import org.praefectus.logging.LogSettings;

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
 * @param accessibilityCacheTtlMs  {@code --accessibility-cache-ttl-ms}: the desktop verbs' element cache lifetime
 * @param accessibilityEvents      whether AT-SPI events invalidate that cache ({@code --no-accessibility-events} turns
 *                                 it off)
 * @param visionFallback           {@code --vision-fallback} / {@code PEEKABOOX_VISION_FALLBACK=1}: element lookups through
 *                                 the daemon fall back to vision by default
 * @param emergencyHotkey          whether the executor grabs Ctrl+Alt+Esc as the emergency stop when it may send input
 *                                 ({@code --no-emergency-hotkey} turns it off)
 * @param log                      the daemon's log ({@code STATE/logs/daemon.log}): {@code --log-level} over
 *                                 {@code PRAEFECTUS_LOG_LEVEL} (default info), {@code PRAEFECTUS_LOG_FILE_BYTES} and
 *                                 {@code PRAEFECTUS_LOG_FILES} (default 1 MiB × 5)
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
        boolean visionFallback,
        boolean emergencyHotkey,
        LogSettings log) {

    static final String DEFAULT_GRPC = "127.0.0.1:47777";
    static final long DEFAULT_ACCESSIBILITY_CACHE_TTL_MS = 500;

    private static final Set<String> VALUED = Set.of(
            "profile",
            "grpc-addr",
            "grpc-token",
            "socket",
            "state-dir",
            "sandbox",
            "accessibility-cache-ttl-ms",
            "log-level");

    private static final Set<String> SWITCHES = Set.of(
            "allow-input",
            "allow-plugins",
            "no-grpc",
            "no-accessibility-events",
            "vision-fallback",
            "no-emergency-hotkey");

    static DaemonOptions parse(String command, List<String> arguments, Map<String, String> environment)
            throws CliCommandException {
        Options options = Options.parse(command, arguments, VALUED, SWITCHES);
        if (!options.positional().isEmpty()) {
            throw options.usage("takes no positional arguments");
        }
        CapabilityProfile profile = CapabilityProfile.ASSIST;
        if (options.has("profile")) {
            try {
                profile = CapabilityProfile.parse(options.value("profile"));
            } catch (IllegalArgumentException e) {
                throw options.usage(e.getMessage());
            }
        }
        boolean sandbox = options.has("sandbox");
        if (sandbox && !options.value("sandbox").equals("basic")) {
            throw options.usage("--sandbox takes basic (strict is not supported)");
        }
        Path socket = options.has("socket") ? absolute(options, "socket") : defaultSocket(environment);
        Path state = options.has("state-dir")
                ? absolute(options, "state-dir")
                : HostState.root().resolve("daemon");
        Long ttl = options.number("accessibility-cache-ttl-ms", 0, Long.MAX_VALUE);
        boolean allowInput = options.has("allow-input") || "1".equals(environment.get("PEEKABOOX_ALLOW_INPUT"));
        boolean allowPlugins = options.has("allow-plugins") || "1".equals(environment.get("PEEKABOOX_ALLOW_PLUGINS"));
        boolean vision = options.has("vision-fallback") || "1".equals(environment.get("PEEKABOOX_VISION_FALLBACK"));
        boolean grpc = !options.has("no-grpc");
        String grpcAddress = options.has("grpc-addr") ? options.value("grpc-addr") : DEFAULT_GRPC;
        String token =
                options.has("grpc-token") ? options.value("grpc-token") : environment.get("PEEKABOOX_GRPC_TOKEN");
        int colon = grpcAddress.lastIndexOf(':');
        if (colon <= 0) {
            throw options.usage("--grpc-addr takes HOST:PORT");
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
            throw options.usage("--grpc-addr takes HOST:PORT");
        }
        if (token != null && token.isEmpty()) {
            token = null;
        }
        if (grpc && token == null && !loopback(host)) {
            throw options.usage("a non-loopback --grpc-addr needs --grpc-token or PEEKABOOX_GRPC_TOKEN");
        }
        LogSettings log;
        try {
            log = LogSettings.fromEnvironment(environment);
            if (options.has("log-level")) {
                log = log.withLevel(LogLevel.parse("--log-level", options.value("log-level")));
            }
        } catch (InvalidLogSettingException e) {
            throw options.usage(e.getMessage());
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
                ttl == null ? DEFAULT_ACCESSIBILITY_CACHE_TTL_MS : ttl,
                !options.has("no-accessibility-events"),
                vision,
                !options.has("no-emergency-hotkey"),
                log);
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

    private static Path absolute(Options options, String name) throws CliCommandException {
        Path resolved = options.path(name);
        if (!resolved.isAbsolute()) {
            throw options.usage("--socket and --state-dir take absolute paths");
        }
        return resolved;
    }

    @Override
    public String toString() {
        // the token never reaches a log line
        return "DaemonOptions[profile=" + gates.profile().wireName() + ", grpc=" + grpc + ", token="
                + (grpcToken == null ? "none" : "set") + "]";
    }
}

package org.praefectus.bridge.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Loads the contract's {@code config.yaml} into {@link BridgeSettings}: unknown fields, missing fields,
 * wrong types, a non-loopback host, relative paths, an unresolvable token are all refused with a message
 * naming the field.
 *
 * <p>Environment overrides (applied after the file): seed §8.2's {@value #ENV_SEED_TOKEN},
 * {@value #ENV_SEED_PORT} and {@value #ENV_SEED_LOG_DIR}, and the project's {@value #ENV_HOST},
 * {@value #ENV_PORT}, {@value #ENV_TOKEN}, {@value #ENV_LOG_DIR}, {@value #ENV_MAX_CONCURRENT} (which win
 * when both are set). {@value #ENV_CONFIG} names the file when no other source does.
 */
public final class SettingsLoader {

    public static final String ENV_CONFIG = "PRAETOR_EXECD_CONFIG";
    public static final String ENV_HOST = "PRAETOR_EXECD_HOST";
    public static final String ENV_PORT = "PRAETOR_EXECD_PORT";
    public static final String ENV_TOKEN = "PRAETOR_EXECD_AUTH_TOKEN";
    public static final String ENV_LOG_DIR = "PRAETOR_EXECD_LOG_DIR";
    public static final String ENV_MAX_CONCURRENT = "PRAETOR_EXECD_MAX_CONCURRENT_RUNS";
    /** Seed §8.2: the token itself, overriding {@code server.auth_token}. */
    public static final String ENV_SEED_TOKEN = "PRAETOR_EXECUTOR_BRIDGE_TOKEN";
    /** Seed §8.2: overrides {@code server.port}. */
    public static final String ENV_SEED_PORT = "PRAETOR_EXECUTOR_BRIDGE_PORT";
    /** Seed §8.2: overrides {@code runtime.log_dir}. */
    public static final String ENV_SEED_LOG_DIR = "PRAETOR_EXECUTOR_BRIDGE_LOG_DIR";

    /** Defaults of the fields seed §8.1 does not require, as Praetor's reference bridge has them. */
    static final int DEFAULT_TIMEOUT_SECONDS = 1800;

    static final int DEFAULT_MAX_EVENT_BUFFER = 5000;

    /** A token shorter than this is refused: it could be guessed. */
    static final int MIN_TOKEN_LENGTH = 16;

    private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])";

    /**
     * The address literals {@link InetAddress#getAllByName} parses without a lookup. Anything else it sends to
     * the resolver (a string of digits too long for an address, {@code 999.0.0.1}, {@code g::1}): a name that
     * DNS could answer with a loopback address for this check and with another one when the server binds.
     */
    private static final Pattern IPV4_LITERAL = Pattern.compile(OCTET + "(\\." + OCTET + "){3}");

    private static final Pattern IPV6_LITERAL =
            Pattern.compile("\\[?(?=[^%]*:)[0-9A-Fa-f:][0-9A-Fa-f:.]*(%[0-9A-Za-z_.-]+)?]?");

    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // required=true marks seed §8.1's fields; the others may be missing (defaults below)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private final Map<String, String> environment;

    public SettingsLoader(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /** The file named by {@value #ENV_CONFIG}, or null. */
    public Path configFileFromEnvironment() {
        String value = environment.get(ENV_CONFIG);
        return value == null || value.isBlank() ? null : Path.of(value);
    }

    /** {@code --config FILE} (or {@code --config=FILE}) from a command line, else {@code PRAETOR_EXECD_CONFIG}. */
    public Path configFile(String[] args) throws InvalidConfigException {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--config")) {
                if (i + 1 >= args.length) {
                    throw new InvalidConfigException("--config needs a file");
                }
                return Path.of(args[i + 1]);
            }
            if (args[i].startsWith("--config=")) {
                return Path.of(args[i].substring("--config=".length()));
            }
        }
        Path fromEnv = configFileFromEnvironment();
        if (fromEnv == null) {
            throw new InvalidConfigException("no configuration: pass --config FILE or set " + ENV_CONFIG);
        }
        return fromEnv;
    }

    public BridgeSettings load(Path file) throws InvalidConfigException {
        if (!Files.isRegularFile(file)) {
            throw new InvalidConfigException("configuration file not found: " + file);
        }
        byte[] yamlBytes;
        try {
            yamlBytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InvalidConfigException(file + ": not readable", e);
        }
        return parse(yamlBytes, file.toString());
    }

    /** {@link #load} of the file's bytes; {@code source} names the file in every message. */
    public BridgeSettings parse(byte[] yamlBytes, String source) throws InvalidConfigException {
        BridgeSettings.RawConfig raw;
        try {
            raw = yaml.readValue(yamlBytes, BridgeSettings.RawConfig.class);
        } catch (UnrecognizedPropertyException e) {
            throw new InvalidConfigException(source + ": unknown field '" + location(e) + "'");
        } catch (JsonMappingException e) {
            throw new InvalidConfigException(
                    source + ": invalid at '" + location(e) + "': " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new InvalidConfigException(source + ": not readable YAML: " + firstLine(e.getMessage()));
        }
        if (raw == null) {
            throw new InvalidConfigException(source + ": empty configuration");
        }
        return validate(raw);
    }

    private static String firstLine(String message) {
        return message == null ? "(no detail)" : message.split("\n")[0];
    }

    private static String location(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."));
    }

    BridgeSettings validate(BridgeSettings.RawConfig raw) throws InvalidConfigException {
        // a required field given as null (`port: ~`) passes Jackson's presence check: refused here
        BridgeSettings.RawServer server = required("server", raw.server());
        BridgeSettings.RawPaths rawPaths = required("paths", raw.paths());
        String host = override(ENV_HOST, server.host());
        requireLoopback(host);
        Integer configuredPort = server.port();
        for (String name : List.of(ENV_SEED_PORT, ENV_PORT)) { // the project's own name wins over the seed's
            String value = environment.get(name);
            if (value != null && !value.isBlank()) {
                try {
                    configuredPort = Integer.parseInt(value.trim());
                } catch (NumberFormatException e) {
                    throw new InvalidConfigException(name + " is not a number");
                }
            }
        }
        int port = required("server.port", configuredPort);
        if (port < 0 || port > 65535) {
            throw new InvalidConfigException("server.port must be between 1 and 65535");
        }
        String token = resolveToken(server.authToken());

        Path workspace = absolute("paths.host_workspace_root", rawPaths.hostWorkspaceRoot());
        // no allowed_roots: the workspace root itself (the reference's empty default would allow nothing)
        List<Path> allowed = rawPaths.allowedRoots() == null
                ? List.of(workspace)
                : absoluteAll("paths.allowed_roots", rawPaths.allowedRoots());
        if (allowed.isEmpty()) {
            throw new InvalidConfigException("paths.allowed_roots must name at least one directory");
        }
        List<Path> deny = absoluteAll("paths.deny_roots", orEmpty(rawPaths.denyRoots()));

        Map<String, BridgeSettings.Executor> executors = new LinkedHashMap<>();
        for (Map.Entry<String, BridgeSettings.RawExecutor> entry :
                required("executors", raw.executors()).entrySet()) {
            String name = entry.getKey();
            BridgeSettings.RawExecutor e = entry.getValue();
            if (e == null) {
                throw new InvalidConfigException("executors." + name + " is empty");
            }
            if (e.enabled() == null) {
                throw new InvalidConfigException("executors." + name + ".enabled must be set");
            }
            if (e.command() == null || e.command().isBlank()) {
                throw new InvalidConfigException("executors." + name + ".command must not be empty");
            }
            executors.put(
                    name,
                    new BridgeSettings.Executor(
                            e.enabled(),
                            e.command(),
                            strings("executors." + name + ".args", e.args()),
                            strings("executors." + name + ".healthcheck", e.healthcheck()),
                            orTrue(e.requiresLogin()),
                            orTrue(e.supportsNoninteractiveBatch()),
                            orTrue(e.supportsCancel())));
        }

        BridgeSettings.RawRuntime rt = required("runtime", raw.runtime());
        Integer configuredMax = rt.maxConcurrentRuns();
        if (environment.containsKey(ENV_MAX_CONCURRENT)) {
            try {
                configuredMax =
                        Integer.parseInt(environment.get(ENV_MAX_CONCURRENT).trim());
            } catch (NumberFormatException e) {
                throw new InvalidConfigException(ENV_MAX_CONCURRENT + " is not a number");
            }
        }
        int maxConcurrent = required("runtime.max_concurrent_runs", configuredMax);
        positive("runtime.max_concurrent_runs", maxConcurrent);
        int timeout = rt.defaultTimeoutSeconds() == null ? DEFAULT_TIMEOUT_SECONDS : rt.defaultTimeoutSeconds();
        int buffer = rt.maxEventBuffer() == null ? DEFAULT_MAX_EVENT_BUFFER : rt.maxEventBuffer();
        positive("runtime.default_timeout_seconds", timeout);
        positive("runtime.max_event_buffer", buffer);
        // seed §22: the run logs live under the workspace's .praetor/bridge-logs unless configured
        String logDirValue = override(ENV_LOG_DIR, override(ENV_SEED_LOG_DIR, rt.logDir()));
        Path logDir = logDirValue == null
                ? workspace.resolve(".praetor/bridge-logs")
                : absolute("runtime.log_dir", logDirValue);

        return new BridgeSettings(
                new BridgeSettings.Server(host, port, token),
                new BridgeSettings.Paths(workspace, allowed, deny),
                Map.copyOf(executors),
                new BridgeSettings.RunSettings(maxConcurrent, timeout, buffer, orTrue(rt.persistRunLogs()), logDir));
    }

    private static <T> T required(String field, T value) throws InvalidConfigException {
        if (value == null) {
            throw new InvalidConfigException(field + " must be set");
        }
        return value;
    }

    /** An optional list of strings: empty when absent, refused when an entry is null. */
    private static List<String> strings(String field, List<String> values) throws InvalidConfigException {
        List<String> given = orEmpty(values);
        for (int i = 0; i < given.size(); i++) {
            required(field + "[" + i + "]", given.get(i));
        }
        return List.copyOf(given);
    }

    private static <T> List<T> orEmpty(List<T> values) {
        return values == null ? List.of() : values;
    }

    private static boolean orTrue(Boolean value) {
        return value == null || value;
    }

    private String override(String name, String value) {
        String fromEnv = environment.get(name);
        return fromEnv == null || fromEnv.isBlank() ? value : fromEnv;
    }

    /** Refuses anything but a loopback literal or {@code localhost}: the bridge never listens on a network. */
    public static void requireLoopback(String host) throws InvalidConfigException {
        if (host == null || host.isBlank()) {
            throw new InvalidConfigException("server.host must be set to a loopback address");
        }
        boolean literal = host.equals("localhost")
                || IPV4_LITERAL.matcher(host).matches()
                || IPV6_LITERAL.matcher(host).matches();
        if (!literal) {
            throw new InvalidConfigException(
                    "server.host '" + host + "' is not a loopback address (use 127.0.0.1, ::1 or localhost)");
        }
        try {
            for (InetAddress address : InetAddress.getAllByName(host)) {
                if (!address.isLoopbackAddress()) {
                    throw new InvalidConfigException(
                            "server.host '" + host + "' is not a loopback address: the bridge binds loopback only");
                }
            }
        } catch (UnknownHostException e) {
            throw new InvalidConfigException("server.host '" + host + "' cannot be resolved");
        }
    }

    private String resolveToken(String configured) throws InvalidConfigException {
        String token;
        String direct = environment.get(ENV_TOKEN);
        String seed = environment.get(ENV_SEED_TOKEN);
        if (direct != null && !direct.isBlank()) {
            token = direct;
        } else if (seed != null && !seed.isBlank()) {
            token = seed;
        } else if (configured != null && configured.startsWith("env:")) {
            String name = configured.substring(4);
            String value = environment.get(name);
            if (value == null || value.isBlank()) {
                throw new InvalidConfigException(
                        "server.auth_token names environment variable " + name + ", which is not set");
            }
            token = value;
        } else {
            token = configured;
        }
        if (token == null || token.length() < MIN_TOKEN_LENGTH) {
            throw new InvalidConfigException("server.auth_token must be at least " + MIN_TOKEN_LENGTH + " characters");
        }
        return token;
    }

    private static Path absolute(String field, String value) throws InvalidConfigException {
        if (value == null || value.isBlank()) {
            throw new InvalidConfigException(field + " must be set");
        }
        if (value.indexOf('\0') >= 0) {
            throw new InvalidConfigException(field + " contains a NUL character");
        }
        Path path = Path.of(value);
        if (!path.isAbsolute()) {
            throw new InvalidConfigException(field + " must be an absolute path");
        }
        return path.normalize();
    }

    private static List<Path> absoluteAll(String field, List<String> values) throws InvalidConfigException {
        List<Path> paths = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            paths.add(absolute(field + "[" + i + "]", values.get(i)));
        }
        return List.copyOf(paths);
    }

    private static void positive(String field, int value) throws InvalidConfigException {
        if (value < 1) {
            throw new InvalidConfigException(field + " must be at least 1");
        }
    }
}

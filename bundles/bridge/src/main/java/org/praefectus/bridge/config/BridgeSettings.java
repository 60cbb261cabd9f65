package org.praefectus.bridge.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The bridge configuration: the contract's {@code config.yaml} (server, paths, executors, runtime), after
 * environment overrides and with the token resolved. Built only by {@link SettingsLoader}, which checks
 * every rule, so a value that exists is valid.
 */
public record BridgeSettings(Server server, Paths paths, Map<String, Executor> executors, RunSettings runtime) {

    /**
     * @param host      loopback address to bind (127.0.0.1, ::1 or localhost)
     * @param port      TCP port; 0 picks a free one (tests)
     * @param authToken the resolved bearer token (never the {@code env:NAME} reference)
     */
    public record Server(String host, int port, String authToken) {
        @Override
        public String toString() {
            return "Server[host=" + host + ", port=" + port + ", authToken=***]";
        }
    }

    /** Host paths, all absolute and normalised. */
    public record Paths(Path hostWorkspaceRoot, List<Path> allowedRoots, List<Path> denyRoots) {}

    /** One registered executor type's settings, as in the contract. */
    public record Executor(
            boolean enabled,
            String command,
            List<String> args,
            List<String> healthcheck,
            boolean requiresLogin,
            boolean supportsNoninteractiveBatch,
            boolean supportsCancel) {}

    /** Scheduling and persistence. */
    public record RunSettings(
            int maxConcurrentRuns,
            int defaultTimeoutSeconds,
            int maxEventBuffer,
            boolean persistRunLogs,
            Path logDir) {}

    /**
     * The YAML shape, field for field as the contract's config.schema.json. Required are the fields seed
     * §8.1 lists (server host, port and token, the host workspace root, each executor's enabled and
     * command, max_concurrent_runs); the others take the reference bridge's defaults (SettingsLoader).
     */
    record RawConfig(
            @JsonProperty(value = "server", required = true) RawServer server,
            @JsonProperty(value = "paths", required = true) RawPaths paths,

            @JsonProperty(value = "executors", required = true)
            Map<String, RawExecutor> executors,

            @JsonProperty(value = "runtime", required = true)
            RawRuntime runtime) {}

    record RawServer(
            @JsonProperty(value = "host", required = true) String host,
            @JsonProperty(value = "port", required = true) Integer port,

            @JsonProperty(value = "auth_token", required = true)
            String authToken) {}

    record RawPaths(
            @JsonProperty(value = "host_workspace_root", required = true)
            String hostWorkspaceRoot,

            @JsonProperty(value = "allowed_roots") List<String> allowedRoots,

            @JsonProperty(value = "deny_roots") List<String> denyRoots) {}

    record RawExecutor(
            @JsonProperty(value = "enabled", required = true)
            Boolean enabled,

            @JsonProperty(value = "command", required = true)
            String command,

            @JsonProperty(value = "args") List<String> args,

            @JsonProperty(value = "healthcheck") List<String> healthcheck,

            @JsonProperty(value = "requires_login") Boolean requiresLogin,

            @JsonProperty(value = "supports_noninteractive_batch")
            Boolean supportsNoninteractiveBatch,

            @JsonProperty(value = "supports_cancel") Boolean supportsCancel) {}

    record RawRuntime(
            @JsonProperty(value = "max_concurrent_runs", required = true)
            Integer maxConcurrentRuns,

            @JsonProperty(value = "default_timeout_seconds") Integer defaultTimeoutSeconds,

            @JsonProperty(value = "max_event_buffer") Integer maxEventBuffer,

            @JsonProperty(value = "persist_run_logs") Boolean persistRunLogs,

            @JsonProperty(value = "log_dir") String logDir) {}
}

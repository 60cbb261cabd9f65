package org.praefectus.bridge;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.praefectus.bridge.adapter.ClaudeCodeAdapter;
import org.praefectus.bridge.adapter.CodexAdapter;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.config.SettingsLoader;
import org.praefectus.bridge.run.RunLimits;
import org.praefectus.plugins.process.ClosableProcessRunner;
import org.praefectus.plugins.process.ProcessRunners;
import org.praefectus.tests.fixtures.Fixture;

/**
 * A real bridge (in the Jetty that Felix HTTP embeds) on a loopback port with the fake CLIs of the test fixtures (in {@link #bin}), a workspace with an
 * allowed project folder and a denied Archive, and a log directory; plus a small HTTP client.
 */
class BridgeFixture implements AutoCloseable {

    static final String TOKEN = "test-token-5d1c9a"; // PRAEFECTUS_BRIDGE_TEST_TOKEN, set by surefire
    static final ObjectMapper JSON = new ObjectMapper();

    final Path root;
    final Path workspace;
    final Path project;
    final Path bin;
    Path logDir;
    int maxConcurrent;
    final Path configFile;
    final ClosableProcessRunner runner = ProcessRunners.open();
    final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    Bridge bridge;
    JettyHost server;
    RunLimits limits = RunLimits.DEFAULTS.withCancelGrace(Duration.ofMillis(500));
    /** The environment the bridge reads beside its file (e.g. {@link Bridge#ENV_ALLOWED_HOSTS}). */
    Map<String, String> environment = Map.of();

    BridgeFixture(Path root, int maxConcurrent) throws IOException {
        this.root = root;
        this.workspace = Files.createDirectories(root.resolve("workspace"));
        this.project = Files.createDirectories(workspace.resolve("Projects/Website"));
        Files.createDirectories(workspace.resolve("Archive"));
        this.bin = Fixture.FAKE_CLIS.copyTo(root);
        this.logDir = root.resolve("logs");
        this.configFile = root.resolve("config.yaml");
        this.maxConcurrent = maxConcurrent;
        Files.writeString(configFile, config(maxConcurrent));
    }

    /**
     * The layout Praetor's installer ({@code scripts/configure-codex-executor.sh}) and seed 001's example
     * configure: the log folder inside the workspace, {@code <workspace>/.praetor/bridge-logs}. Before
     * {@link #start}.
     */
    BridgeFixture withInstallerLayout() throws IOException {
        logDir = workspace.resolve(".praetor/bridge-logs");
        Files.writeString(configFile, config(maxConcurrent));
        return this;
    }

    String config(int maxConcurrent) {
        return """
                server:
                  host: 127.0.0.1
                  port: 0
                  auth_token: env:PRAEFECTUS_BRIDGE_TEST_TOKEN
                paths:
                  host_workspace_root: %1$s
                  allowed_roots:
                    - %1$s
                  deny_roots:
                    - %1$s/Archive
                executors:
                  codex:
                    enabled: true
                    command: %2$s/codex
                    args: []
                    healthcheck: ["codex", "--version"]
                    requires_login: true
                    supports_noninteractive_batch: true
                    supports_cancel: true
                  claude_code:
                    enabled: true
                    command: %2$s/claude
                    args: []
                    healthcheck: ["claude", "--version"]
                    requires_login: true
                    supports_noninteractive_batch: true
                    supports_cancel: true
                runtime:
                  max_concurrent_runs: %3$d
                  default_timeout_seconds: 60
                  max_event_buffer: 500
                  persist_run_logs: true
                  log_dir: %4$s
                """.formatted(workspace, bin, maxConcurrent, logDir);
    }

    BridgeSettings settings() throws Exception {
        return new SettingsLoader(System.getenv()).load(configFile);
    }

    Bridge start() throws Exception {
        bridge = new Bridge(
                settings(),
                Map.of(CodexAdapter.TYPE, new CodexAdapter(), ClaudeCodeAdapter.TYPE, new ClaudeCodeAdapter()),
                runner,
                environment,
                limits);
        server = new JettyHost(bridge, "127.0.0.1", 0);
        return bridge;
    }

    int port() {
        return server.port();
    }

    void stop() {
        if (server != null) {
            try {
                server.close();
            } catch (Exception e) {
                throw new IllegalStateException("Jetty did not stop", e);
            }
            server = null;
        }
        if (bridge != null) {
            bridge.close();
            bridge = null;
        }
    }

    @Override
    public void close() {
        stop();
        runner.close();
    }

    String base() {
        return "http://127.0.0.1:" + port();
    }

    HttpResponse<String> get(String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base() + path))
                .header("Authorization", "Bearer " + TOKEN)
                .GET()
                .build());
    }

    HttpResponse<String> post(String path, String body) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base() + path))
                .header("Authorization", "Bearer " + TOKEN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    ObjectNode runRequest(String executor, String instructions) {
        ObjectNode r = JSON.createObjectNode();
        r.put("request_id", "req_1");
        r.put("mission_id", "mission_build_site");
        r.put("task_id", "task_generate_homepage");
        r.put("executor", executor);
        r.put("timeout_seconds", 60);
        ObjectNode pm = r.putObject("path_mapping");
        pm.put("container_workspace_root", "/app/workspace");
        pm.put("host_workspace_root", workspace.toString());
        pm.put("target_workdir", "/app/workspace/Projects/Website");
        ObjectNode ts = r.putObject("task_spec");
        ts.put("title", "Generate homepage draft");
        ts.put("instructions", instructions);
        ts.putArray("input_files");
        ts.putArray("expected_outputs").add("/app/workspace/Projects/Website/homepage.md");
        ObjectNode ap = ts.putObject("approval_policy");
        ap.put("allow_destructive_write", false);
        ap.put("allow_shell", false);
        return r;
    }

    /** Submits and returns the run id. */
    String submit(ObjectNode request) throws Exception {
        HttpResponse<String> response = post("/runs", request.toString());
        JsonNode body = json(response);
        assertTrue(body.path("ok").asBoolean(), () -> "run refused: " + response.body());
        return body.path("data").path("run_id").asText();
    }

    /** Praetor's worker stops polling at these (TERMINAL_NORMALIZED_STATUSES of its BridgeClient). */
    static final Set<String> TERMINAL = Set.of(
            "completed",
            "paused_budget",
            "paused_decision",
            "paused_risk",
            "auth_required",
            "interactive_approval_required",
            "cancelled",
            "failed_transient",
            "failed_permanent");

    /** Polls GET /runs/{id} until the run is over (bounded wait, never a fixed sleep). */
    JsonNode awaitTerminal(String runId, Duration timeout) {
        return await("run " + runId + " finishes")
                .atMost(timeout)
                .pollInterval(Duration.ofMillis(20))
                .until(
                        () -> json(get("/runs/" + runId)).path("data"),
                        record -> TERMINAL.contains(record.path("status").asText())
                                || TERMINAL.contains(
                                        record.path("normalized_status").asText()));
    }

    JsonNode awaitStatus(String runId, String status, Duration timeout) {
        return await("run " + runId + " reaches " + status)
                .atMost(timeout)
                .pollInterval(Duration.ofMillis(20))
                .until(
                        () -> json(get("/runs/" + runId)).path("data"),
                        record -> status.equals(record.path("status").asText()));
    }
}

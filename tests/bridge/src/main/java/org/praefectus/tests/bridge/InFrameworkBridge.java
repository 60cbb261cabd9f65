package org.praefectus.tests.bridge;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Hashtable;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.servlet.runtime.HttpServiceRuntime;
import org.praefectus.tests.fixtures.Fixture;

/**
 * The bridge configured through ConfigAdmin in the test framework: a workspace, the fake codex, a
 * config.yaml with port 0 (Jetty picks a free port, read back from the HTTP runtime's
 * {@code osgi.http.endpoint}: no probe-then-bind race with other processes), and a small HTTP client.
 */
final class InFrameworkBridge implements AutoCloseable {

    static final String TOKEN = "in-framework-token-0123";
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    final Path workspace;
    final Path yaml;
    int port = -1;
    final HttpClient http = HttpClient.newHttpClient();
    private final BundleContext context;
    private final ConfigurationAdmin configurationAdmin;
    private Configuration configuration;

    InFrameworkBridge(BundleContext context, ConfigurationAdmin configurationAdmin) throws IOException {
        this.context = context;
        this.configurationAdmin = configurationAdmin;
        Path workRoot = Files.createDirectories(Path.of(context.getProperty("praefectus.test.work")));
        Path work = Files.createTempDirectory(workRoot, "bridge");
        this.workspace = Files.createDirectories(work.resolve("ws/Projects/Site"))
                .getParent()
                .getParent();
        Path codex = Fixture.FAKE_CLIS.copyTo(work).resolve("codex");
        this.yaml = Files.writeString(
                work.resolve("config.yaml"), """
                server: {host: 127.0.0.1, port: 9417, auth_token: %s}
                paths: {host_workspace_root: %s, allowed_roots: [%s], deny_roots: []}
                executors:
                  codex: {enabled: true, command: %s, args: [], healthcheck: [], requires_login: true,
                          supports_noninteractive_batch: true, supports_cancel: true}
                runtime: {max_concurrent_runs: 1, default_timeout_seconds: 60, max_event_buffer: 1000,
                          persist_run_logs: true, log_dir: %s}
                """.formatted(TOKEN, workspace, workspace, codex, work.resolve("logs")));
    }

    /** Writes the bridge's configuration (the file, port 0, and {@code extra} properties). */
    void configure(Map<String, Object> extra) throws IOException {
        configuration = configurationAdmin.getConfiguration("org.praefectus.bridge", "?");
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> props = new Hashtable<>(extra);
        props.put("configFile", yaml.toString());
        props.putIfAbsent("port", 0);
        configuration.update(props);
    }

    /**
     * Polls GET /health on the port Felix HTTP publishes until the whiteboard serves it (bounded wait, never
     * a timing assertion); the published port may still be a previous test's until Jetty has restarted.
     */
    JsonNode awaitHealth() {
        return await("the bridge answers /health")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(50))
                // Jetty is (re)starting
                .ignoreExceptionsInstanceOf(IOException.class)
                .until(this::health, java.util.Objects::nonNull);
    }

    /** /health's answer on the port Felix HTTP publishes now, or null while none or another is published. */
    private JsonNode health() throws Exception {
        port = publishedPort();
        if (port <= 0) {
            return null;
        }
        HttpResponse<String> response = get("/health");
        return response.statusCode() == 200 ? JSON.readTree(response.body()) : null;
    }

    private int publishedPort() {
        ServiceReference<HttpServiceRuntime> reference = context.getServiceReference(HttpServiceRuntime.class);
        Object endpoints = reference == null ? null : reference.getProperty("osgi.http.endpoint");
        Object first = endpoints instanceof String[] array && array.length > 0 ? array[0] : endpoints;
        return first instanceof String url ? URI.create(url).getPort() : -1;
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(base() + path))
                        .header("Authorization", "Bearer " + TOKEN)
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    String runBody(String instructions) {
        return """
                {"request_id":"r1","mission_id":"m1","task_id":"t1","executor":"codex","timeout_seconds":60,
                 "path_mapping":{"container_workspace_root":"/app/workspace","host_workspace_root":"%s",
                                 "target_workdir":"/app/workspace/Projects/Site"},
                 "task_spec":{"title":"Homepage","instructions":"%s","input_files":[],
                              "expected_outputs":["/app/workspace/Projects/Site/homepage.md"],
                              "approval_policy":{"allow_destructive_write":false,"allow_shell":false}}}
                """.formatted(workspace, instructions);
    }

    /** POST /runs; the run id. */
    String submit(String instructions) throws Exception {
        HttpResponse<String> created = http.send(
                HttpRequest.newBuilder(URI.create(base() + "/runs"))
                        .header("Authorization", "Bearer " + TOKEN)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(runBody(instructions)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(created.body());
        if (!body.path("ok").asBoolean()) {
            throw new AssertionError("run refused: " + created.body());
        }
        return body.path("data").path("run_id").asText();
    }

    /** Polls GET /runs/{id} until it has finished. */
    JsonNode awaitFinished(String runId) {
        return await("run " + runId + " finishes")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> JSON.readTree(get("/runs/" + runId).body()).path("data"),
                        record -> record.path("finished_at").isTextual());
    }

    /**
     * Deletes the configuration and waits (bounded) until the bridge is gone and Jetty's configuration with
     * it, so the next test can never reach this test's bridge through a port Jetty still publishes.
     */
    @Override
    public void close() throws IOException {
        if (configuration == null) {
            return;
        }
        configuration.delete();
        configuration = null;
        await("the bridge stops after its configuration was deleted")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(20))
                .until(() -> context.getServiceReference("org.praefectus.bridge.Bridge") == null
                        && configurationAdmin.listConfigurations("(service.pid=org.apache.felix.http)") == null);
    }
}

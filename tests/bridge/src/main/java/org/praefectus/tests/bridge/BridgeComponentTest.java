package org.praefectus.tests.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Hashtable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/** The bridge as DS components in Felix: ConfigAdmin starts it, real HTTP reaches it, a run completes. */
class BridgeComponentTest {

    private static final String TOKEN = "in-framework-token-0123";
    private static final ObjectMapper JSON = new ObjectMapper();

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    private Configuration configuration;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void tearDown() throws Exception {
        if (configuration != null) {
            configuration.delete();
        }
    }

    @Test
    void bothAdaptersAreServices() throws Exception {
        assertEquals(2, context.getServiceReferences("org.praefectus.bridge.adapter.AgentAdapter", null).length);
    }

    @Test
    void configuredBridgeServesAndRunsACodexTask() throws Exception {
        Path workRoot = Files.createDirectories(Path.of(context.getProperty("praefectus.test.work")));
        Path work = Files.createTempDirectory(workRoot, "bridge");
        Path ws = Files.createDirectories(work.resolve("ws/Projects/Site")).getParent().getParent();
        Path codex = work.resolve("codex");
        try (InputStream in = getClass().getResourceAsStream("/fake-cli/codex")) {
            Files.copy(in, codex);
        }
        Files.setPosixFilePermissions(codex, PosixFilePermissions.fromString("rwx------"));
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Path yaml = work.resolve("config.yaml");
        Files.writeString(yaml, """
                server: {host: 127.0.0.1, port: 9417, auth_token: %s}
                paths: {host_workspace_root: %s, allowed_roots: [%s], deny_roots: []}
                executors:
                  codex: {enabled: true, command: %s, args: [], healthcheck: [], requires_login: true,
                          supports_noninteractive_batch: true, supports_cancel: true}
                runtime: {max_concurrent_runs: 1, default_timeout_seconds: 60, max_event_buffer: 100,
                          persist_run_logs: true, log_dir: %s}
                """.formatted(TOKEN, ws, ws, codex, work.resolve("logs")));
        configuration = configurationAdmin.getConfiguration("org.praefectus.bridge", "?");
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("configFile", yaml.toString());
        props.put("port", port);
        configuration.update(props);

        String base = "http://127.0.0.1:" + port;
        JsonNode health = null;
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                health = JSON.readTree(get(base + "/health").body());
                break;
            } catch (java.io.IOException notYet) {
                Thread.sleep(50);
            }
        }
        assertTrue(health != null && health.path("ok").asBoolean(), String.valueOf(health));
        assertEquals("healthy", health.path("data").path("status").asText());

        String body = """
                {"request_id":"r1","mission_id":"m1","task_id":"t1","executor":"codex","timeout_seconds":60,
                 "path_mapping":{"container_workspace_root":"/app/workspace","host_workspace_root":"%s",
                                 "target_workdir":"/app/workspace/Projects/Site"},
                 "task_spec":{"title":"Homepage","instructions":"Write it.","input_files":[],
                              "expected_outputs":["/app/workspace/Projects/Site/homepage.md"],
                              "approval_policy":{"allow_destructive_write":false,"allow_shell":false}}}
                """.formatted(ws);
        HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(base + "/runs"))
                .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        String runId = JSON.readTree(created.body()).path("data").path("run_id").asText();
        JsonNode record = null;
        deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            record = JSON.readTree(get(base + "/runs/" + runId).body()).path("data");
            if (record.path("finished_at").isTextual()) {
                break;
            }
            Thread.sleep(50);
        }
        assertEquals("completed", record.path("normalized_status").asText(), String.valueOf(record));
        assertTrue(Files.isRegularFile(ws.resolve("Projects/Site/homepage.md")));
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + TOKEN).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}

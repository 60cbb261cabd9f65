package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Praetor's installer puts the bridge's log folder inside the workspace
 * ({@code <workspace>/.praetor/bridge-logs}): a run could target another run's log folder, take another
 * run's {@code stdout.log} as an input file, and a run in the workspace root listed the bridge's own files as
 * its {@code changed_files}. The log folder is always denied and never part of a snapshot. Issue 38, defect 2.
 */
class InstallerLogFolderTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    BridgeFixture fx;
    String earlier;

    @BeforeEach
    void startWithTheInstallersLayout() throws Exception {
        fx = new BridgeFixture(tmp, 2).withInstallerLayout();
        fx.start();
        earlier = fx.submit(fx.runRequest("codex", "Write the homepage."));
        fx.awaitTerminal(earlier, WAIT);
        assertTrue(
                Files.isRegularFile(fx.logDir.resolve("runs").resolve(earlier).resolve("stdout.log")));
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    private ObjectNode inWorkspaceRoot(String instructions) {
        ObjectNode request = fx.runRequest("codex", instructions);
        ((ObjectNode) request.get("path_mapping")).put("target_workdir", "/app/workspace");
        ((ObjectNode) request.get("task_spec")).putArray("expected_outputs");
        return request;
    }

    private void assertPermissionError(ObjectNode request) throws Exception {
        HttpResponse<String> response = fx.post("/runs", request.toString());
        JsonNode body = BridgeFixture.json(response);
        assertEquals(400, response.statusCode(), response::body);
        assertEquals("permission_error", body.path("error").path("code").asText(), response::body);
        assertTrue(body.path("error").path("message").asText().contains("log folder"), response::body);
    }

    @Test
    void aRunCannotTargetAnotherRunsLogFolder() throws Exception {
        for (String target : List.of(
                "/app/workspace/.praetor/bridge-logs",
                "/app/workspace/.praetor/bridge-logs/runs",
                "/app/workspace/.praetor/bridge-logs/runs/" + earlier)) {
            ObjectNode request = fx.runRequest("codex", "Read the other run's logs.");
            ((ObjectNode) request.get("path_mapping")).put("target_workdir", target);
            assertPermissionError(request);
        }
    }

    @Test
    void aRunCannotTakeAnotherRunsStdoutLogAsInput() throws Exception {
        for (String input : List.of(
                "/app/workspace/.praetor/bridge-logs/runs/" + earlier + "/stdout.log",
                "/workspace/.praetor/bridge-logs/runs/" + earlier + "/events.jsonl",
                ".praetor/bridge-logs/runs/" + earlier + "/run.json")) {
            ObjectNode request = inWorkspaceRoot("Summarise the input.");
            ((ObjectNode) request.get("task_spec")).putArray("input_files").add(input);
            assertPermissionError(request);
        }
    }

    @Test
    void aRunInTheWorkspaceRootDoesNotListTheBridgesOwnFiles() throws Exception {
        ObjectNode request = inWorkspaceRoot("Write the homepage.");
        ((ObjectNode) request.get("task_spec"))
                .putArray("expected_outputs")
                .add("homepage.md")
                .add(".praetor/bridge-logs/runs/" + earlier + "/stdout.log");
        String id = fx.submit(request);
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
        List<String> changed = new ArrayList<>();
        record.path("changed_files").forEach(f -> changed.add(f.asText()));
        assertEquals(List.of(fx.workspace.toRealPath().resolve("homepage.md").toString()), changed);
        JsonNode artifacts = null;
        for (JsonNode e : BridgeFixture.json(fx.get("/runs/" + id + "/events"))
                .path("data")
                .path("events")) {
            if (e.path("type").asText().equals("artifacts")) {
                artifacts = e.path("data");
            }
        }
        assertTrue(artifacts != null);
        assertEquals(
                "[\".praetor/bridge-logs/runs/" + earlier + "/stdout.log\"]",
                artifacts.path("unchecked_outputs").toString(),
                "an expected output in the log folder is never read");
    }

    @Test
    void praetorsOwnFolderBesideTheLogsStaysUsable() throws Exception {
        Files.createDirectories(fx.workspace.resolve(".praetor/ceo-runtime"));
        ObjectNode request = fx.runRequest("claude_code", "Answer the owner.");
        ((ObjectNode) request.get("path_mapping")).put("target_workdir", "/app/workspace/.praetor/ceo-runtime");
        ((ObjectNode) request.get("task_spec")).putArray("expected_outputs");
        JsonNode record = fx.awaitTerminal(fx.submit(request), WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
    }
}

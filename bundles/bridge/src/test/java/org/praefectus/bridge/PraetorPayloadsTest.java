package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What Praetor really sends (apps/api/praetor_api/runtime.py, tools/bridge_e2e.py, bridge_smoke.py,
 * claude_e2e.py): its default approval policy ({@code allow_destructive_write: false, allow_shell: false}),
 * expected outputs named relative or under its own {@code /workspace} root, a non-native command that
 * reads the JSON task on stdin. Issue 18, defects 1 to 4.
 */
class PraetorPayloadsTest extends LiveBridgeTest {

    private static ObjectNode spec(ObjectNode request) {
        return (ObjectNode) request.get("task_spec");
    }

    @Test
    void relativeAndWorkspaceRootedOutputsAreAcceptedAndChecked() throws Exception {
        ObjectNode request = fx.runRequest("codex", "Write the homepage.");
        spec(request)
                .putArray("expected_outputs")
                .add("homepage.md")
                .add("/workspace/Projects/Website/PROJECT.md")
                .add("/etc/passwd")
                .add("../../outside.md");
        String id = fx.submit(request);
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
        JsonNode artifacts = lastEvent(id, "artifacts");
        Path project = fx.project.toRealPath();
        assertTrue(artifacts
                .path("expected_outputs")
                .path(project.resolve("homepage.md").toString())
                .asBoolean());
        assertFalse(artifacts
                .path("expected_outputs")
                .path(project.resolve("PROJECT.md").toString())
                .asBoolean(true));
        assertEquals(
                List.of("/etc/passwd", "../../outside.md"),
                List.of(
                        artifacts.path("unchecked_outputs").get(0).asText(),
                        artifacts.path("unchecked_outputs").get(1).asText()));
    }

    @Test
    void stdoutTailIsTheAgentsAnswerNotItsJsonl() throws Exception {
        JsonNode codex = fx.awaitTerminal(fx.submit(fx.runRequest("codex", "Write it.")), WAIT);
        assertEquals("Homepage draft written.", codex.path("stdout_tail").asText(), codex::toString);
        JsonNode claude = fx.awaitTerminal(fx.submit(fx.runRequest("claude_code", "Write it.")), WAIT);
        assertEquals("Homepage draft written.", claude.path("stdout_tail").asText(), claude::toString);
        // the raw JSONL stays in the run log
        String log = Files.readString(
                fx.logDir.resolve("runs").resolve(codex.path("run_id").asText()).resolve("stdout.log"));
        assertTrue(log.contains("\"type\":\"thread.started\""));
    }

    @Test
    void theDefaultPolicyWritesANewFileWithEitherCli() throws Exception {
        for (String executor : List.of("claude_code", "codex")) {
            Files.deleteIfExists(fx.project.resolve("homepage.md"));
            ObjectNode request = fx.runRequest(executor, "Write the homepage.");
            spec(request).putArray("expected_outputs"); // claude_e2e.py names none
            JsonNode record = fx.awaitTerminal(fx.submit(request), WAIT);
            assertEquals("completed", record.path("normalized_status").asText(), record::toString);
            assertTrue(Files.isRegularFile(fx.project.resolve("homepage.md")), executor);
        }
    }

    @Test
    void deletingOrOverwritingAnUnnamedFileIsWithheldByTheDefaultPolicy() throws Exception {
        // both were there before the mission's first run: the files the default rule protects
        Files.writeString(fx.project.resolve("obsolete.txt"), "old");
        Files.writeString(fx.project.resolve("notes.txt"), "mine");
        JsonNode deleted = fx.awaitTerminal(fx.submit(fx.runRequest("codex", "Write it.")), WAIT);
        assertEquals("paused_risk", deleted.path("normalized_status").asText(), deleted::toString);
        assertTrue(deleted.path("pause_reason").asText().contains("deleted obsolete.txt"), deleted::toString);

        JsonNode overwritten = fx.awaitTerminal(fx.submit(fx.runRequest("claude_code", "SCENARIO:overwrite")), WAIT);
        assertEquals("paused_risk", overwritten.path("normalized_status").asText(), overwritten::toString);
        assertTrue(overwritten.path("pause_reason").asText().contains("overwrote notes.txt"), overwritten::toString);

        ObjectNode named = fx.runRequest("claude_code", "SCENARIO:overwrite");
        spec(named).putArray("expected_outputs").add("notes.txt");
        JsonNode allowed = fx.awaitTerminal(fx.submit(named), WAIT);
        assertEquals("completed", allowed.path("normalized_status").asText(), allowed::toString);
    }

    @Test
    void aNonNativeCommandReadsTheJsonTaskOnStdin() throws Exception {
        fx.stop();
        Path script = fx.bin.resolve("mock_executor.py");
        Files.writeString(
                fx.configFile,
                fx.config(2)
                        .replace(
                                "command: " + fx.bin + "/codex\n    args: []",
                                "command: python3\n    args: [" + script + "]")
                        .replace(
                                "healthcheck: [\"codex\", \"--version\"]\n    requires_login: true",
                                "healthcheck: []\n    requires_login: false"));
        fx.start();
        ObjectNode request = fx.runRequest("codex", "Write a mock file only.");
        spec(request).putArray("expected_outputs").add("/app/workspace/Projects/Website/mock-executor-output.txt");
        String id = fx.submit(request);
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
        String written = Files.readString(fx.project.resolve("mock-executor-output.txt"));
        assertEquals(
                "title=Generate homepage draft\nmission=mission_build_site\ntask=task_generate_homepage\n"
                        + "request=req_1\nexecutor=codex\ntarget=/app/workspace/Projects/Website\n"
                        + "run=" + id + "\nhost_workdir=" + fx.project.toRealPath() + "\n",
                written);
        assertTrue(record.path("stdout_tail").asText().startsWith("mock executor wrote "), record::toString);
        assertTrue(record.path("changed_files").get(0).asText().endsWith("mock-executor-output.txt"));
    }
}

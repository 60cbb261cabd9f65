package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Re-running a Claude Code mission paused it ({@code paused_risk}: "overwrote notes.txt, which the task did
 * not name": the file its own first run wrote) while Codex doing the same completed. Praetor always sends
 * {@code allow_destructive_write: false} and reuses {@code Projects/<slug>}. One rule for both adapters,
 * protecting the files that existed before the mission's first run, configurable. Issue 38, defect 4.
 */
class MissionRerunTest extends LiveBridgeTest {

    private ObjectNode request(String executor, String mission, String instructions) {
        ObjectNode request = fx.runRequest(executor, instructions).put("mission_id", mission);
        ((ObjectNode) request.get("task_spec")).putArray("expected_outputs"); // Praetor's outputs are often prose
        return request;
    }

    private JsonNode run(ObjectNode request) throws Exception {
        return fx.awaitTerminal(fx.submit(request), WAIT);
    }

    @Test
    void rerunningAClaudeMissionThatRewritesItsOwnFileCompletes() throws Exception {
        for (int i = 0; i < 3; i++) {
            JsonNode record = run(request("claude_code", "mission_site", "SCENARIO:overwrite"));
            assertEquals("completed", record.path("normalized_status").asText(), record::toString);
        }
    }

    @Test
    void codexReplacingAFileThatPredatesTheMissionPausesAsClaudeDoes() throws Exception {
        Files.writeString(fx.project.resolve("homepage.md"), "the owner's homepage");
        JsonNode codex = run(request("codex", "mission_site", "Write the homepage."));
        assertEquals("paused_risk", codex.path("normalized_status").asText(), codex::toString);
        assertTrue(codex.path("pause_reason").asText().contains("overwrote homepage.md"), codex::toString);

        Files.writeString(fx.project.resolve("notes.txt"), "the owner's notes");
        JsonNode claude = run(request("claude_code", "mission_notes", "SCENARIO:overwrite"));
        assertEquals("paused_risk", claude.path("normalized_status").asText(), claude::toString);
        assertTrue(claude.path("pause_reason").asText().contains("overwrote notes.txt"), claude::toString);
    }

    @Test
    void anotherMissionMayNotRewriteWhatTheFirstMissionWrote() throws Exception {
        JsonNode first = run(request("claude_code", "mission_a", "SCENARIO:overwrite"));
        assertEquals("completed", first.path("normalized_status").asText(), first::toString);
        JsonNode other = run(request("claude_code", "mission_b", "SCENARIO:overwrite"));
        assertEquals("paused_risk", other.path("normalized_status").asText(), other::toString);
        // and the baseline survives a restart
        fx.stop();
        fx.start();
        JsonNode again = run(request("claude_code", "mission_a", "SCENARIO:overwrite"));
        assertEquals("completed", again.path("normalized_status").asText(), again::toString);
    }

    @Test
    void theRuleIsConfiguration() throws Exception {
        fx.stop();
        fx.environment = Map.of("PRAETOR_EXECD_DESTRUCTIVE_WRITES", "off");
        fx.start();
        Files.writeString(fx.project.resolve("notes.txt"), "the owner's notes");
        JsonNode off = run(request("claude_code", "mission_off", "SCENARIO:overwrite"));
        assertEquals("completed", off.path("normalized_status").asText(), off::toString);

        fx.stop();
        fx.environment = Map.of("PRAETOR_EXECD_DESTRUCTIVE_WRITES", "run");
        fx.start();
        Files.delete(fx.project.resolve("notes.txt"));
        JsonNode first = run(request("claude_code", "mission_run", "SCENARIO:overwrite"));
        assertEquals("completed", first.path("normalized_status").asText(), first::toString);
        JsonNode rerun = run(request("claude_code", "mission_run", "SCENARIO:overwrite"));
        assertEquals("paused_risk", rerun.path("normalized_status").asText(), rerun::toString);
    }
}

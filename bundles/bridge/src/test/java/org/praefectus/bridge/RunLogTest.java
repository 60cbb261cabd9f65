package org.praefectus.bridge;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed §22: a finished run's log holds the request summary, the argv (never the prompt, never a secret),
 * the environment's names (never values), the timestamps, exit, normalized status, usage and changed files.
 */
class RunLogTest extends LiveBridgeTest {

    @Test
    void aFinishedRunsLogSaysWhatRanWithWhichNamesAndHowItEnded() throws Exception {
        String instructions = "Write the homepage. The secret word is quince-4471.";
        String id = fx.submit(fx.runRequest("codex", instructions));
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
        // run.json is rewritten as the run concludes, a moment after the status is visible: await that
        Path file = fx.logDir.resolve("runs").resolve(id).resolve("run.json");
        JsonNode runJson = await("run.json records the end of the run")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(20))
                .until(
                        () -> BridgeFixture.JSON.readTree(Files.readString(file)),
                        run -> !run.path("finished_at").isNull());
        String stored = Files.readString(file);
        JsonNode log = runJson.path("run_log");

        JsonNode request = log.path("request");
        assertEquals("req_1", request.path("request_id").asText());
        assertEquals("mission_build_site", request.path("mission_id").asText());
        assertEquals("task_generate_homepage", request.path("task_id").asText());
        assertEquals("Generate homepage draft", request.path("title").asText());
        assertEquals(instructions.length(), request.path("instructions_chars").asInt());
        assertFalse(request.path("allow_destructive_write").asBoolean());
        assertTrue(request.path("expected_outputs").get(0).asText().endsWith("/Projects/Website/homepage.md"));

        List<String> argv = new ArrayList<>();
        log.path("argv").forEach(a -> argv.add(a.asText()));
        assertEquals(fx.bin.resolve("codex").toString(), argv.get(0));
        assertTrue(argv.contains("exec") && argv.contains("--json"), argv::toString);
        assertEquals("the task prompt", log.path("stdin").asText());

        List<String> names = new ArrayList<>();
        log.path("environment_names").forEach(n -> names.add(n.asText()));
        assertTrue(
                names.containsAll(List.of(
                        "PRAETOR_RUN_ID",
                        "PRAETOR_MISSION_ID",
                        "PRAETOR_TASK_ID",
                        "PRAETOR_EXECUTOR",
                        "PRAETOR_HOST_WORKDIR")),
                names::toString);
        assertTrue(names.stream().noneMatch(n -> n.contains("=")), names::toString);
        assertFalse(log.path("started_at").asText().isEmpty());

        // the prompt, the token and the run's values are never in the log
        assertFalse(stored.contains("quince-4471"), "the prompt is on stdin, never logged");
        assertFalse(stored.contains(BridgeFixture.TOKEN));
        assertFalse(stored.contains("PRAETOR_RUN_ID=" + id));

        // how it ended: the record beside the log
        assertFalse(runJson.path("finished_at").isNull());
        assertEquals(0, runJson.path("exit_code").asInt());
        assertEquals("completed", runJson.path("normalized_status").asText());
        assertTrue(runJson.path("usage").path("usage_available").asBoolean(), runJson.path("usage")::toString);
        assertTrue(runJson.path("changed_files").get(0).asText().endsWith("homepage.md"), stored);
    }
}

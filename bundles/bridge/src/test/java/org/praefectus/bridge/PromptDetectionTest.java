package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seed §15.3: a CLI waiting on an interactive prompt ends the run at once with the prompt's text, and its
 * process tree is killed, instead of a silent wait until {@code timeout_seconds} (here 60 s; every
 * fake waits about 300 s).
 */
class PromptDetectionTest extends LiveBridgeTest {

    @ParameterizedTest
    @CsvSource({
        "codex, yn_prompt, interactive_approval_required, Do you want to proceed? [y/N], sleep 294",
        "codex, user_input, paused_decision, Which colour scheme should the homepage use?, sleep 295",
        "claude_code, permission_prompt, interactive_approval_required, permission to use Bash, sleep 296"
    })
    void aPromptEndsTheRunWithItsTextAndKillsTheTree(
            String executor, String scenario, String status, String text, String child) throws Exception {
        String id = fx.submit(fx.runRequest(executor, "SCENARIO:" + scenario));
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals(status, record.path("normalized_status").asText(), record::toString);
        assertTrue(record.path("requires_owner_action").asBoolean());
        assertTrue(record.path("pause_reason").asText().contains(text), record::toString);
        JsonNode prompt = lastEvent(id, "interactive_prompt");
        assertTrue(prompt != null && prompt.path("text").asText().contains(text), String.valueOf(prompt));
        assertFalse(BridgeRunsTest.leftover(child), child + " survived the prompt");
    }

    /**
     * A question printed without a newline while the CLI blocks reading its answer: seen while it waits
     * (the run's timeout is 10 minutes, the wait for the end 60 s), not when the CLI exits.
     */
    @Test
    void aPromptWithoutANewlineEndsTheRunWhileTheCliWaits() throws Exception {
        ObjectNode request = fx.runRequest("codex", "SCENARIO:yn_prompt_unterminated");
        request.put("timeout_seconds", 600);
        String id = fx.submit(request);
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals(
                "interactive_approval_required",
                record.path("normalized_status").asText(),
                record::toString);
        assertTrue(
                record.path("pause_reason").asText().contains("Apply the patch to 3 files? [y/N]"), record::toString);
        JsonNode prompt = lastEvent(id, "interactive_prompt");
        assertEquals("Apply the patch to 3 files? [y/N]", prompt.path("text").asText(), prompt::toString);
        assertFalse(BridgeRunsTest.leftover("sleep 297"), "the blocked reader's tree survived the prompt");
    }

    /** The same from a non-native Python command (Praetor's mock executor shape), blocked in read(2). */
    @Test
    void aNonNativeCommandAskingWithoutANewlineIsStoppedToo() throws Exception {
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
        ObjectNode request = fx.runRequest("codex", "SCENARIO:confirm");
        request.put("timeout_seconds", 600);
        String id = fx.submit(request);
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals(
                "interactive_approval_required",
                record.path("normalized_status").asText(),
                record::toString);
        JsonNode prompt = lastEvent(id, "interactive_prompt");
        assertEquals("Proceed with the deployment? [y/N]", prompt.path("text").asText(), prompt::toString);
        assertEquals("stdout", prompt.path("source").asText());
        assertFalse(BridgeRunsTest.leftover(script.toString()), "the Python command survived its prompt");
    }

    @Test
    void anAgentMessageQuotingAPromptIsNotOne() throws Exception {
        JsonNode record = fx.awaitTerminal(fx.submit(fx.runRequest("codex", "Write it.")), WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
    }
}

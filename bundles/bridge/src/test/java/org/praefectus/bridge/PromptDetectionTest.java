package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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

    @Test
    void anAgentMessageQuotingAPromptIsNotOne() throws Exception {
        JsonNode record = fx.awaitTerminal(fx.submit(fx.runRequest("codex", "Write it.")), WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
    }
}

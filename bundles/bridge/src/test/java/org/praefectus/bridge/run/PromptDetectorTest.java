package org.praefectus.bridge.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.praefectus.bridge.adapter.NormalizedStatus;
import org.praefectus.bridge.adapter.ParsedEvent;

class PromptDetectorTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Overwrite build? [y/N]",
                "Continue? [Y/n] ",
                "Delete 3 files (y/n)?",
                "Do you want to proceed?",
                "Are you sure you want to continue?",
                "Press Enter to continue",
                "Approve this command? (git push)"
            })
    void promptsAreRecognised(String line) {
        DetectedPrompt p = PromptDetector.inText(line, "stdout").orElseThrow();
        assertEquals(line.strip(), p.text());
        assertEquals(NormalizedStatus.INTERACTIVE_APPROVAL_REQUIRED, p.status());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"type\":\"item.completed\",\"item\":{\"type\":\"agent_message\",\"text\":\"Do you want to proceed? [y/N]\"}}",
                "Wrote homepage.md",
                "yes/no questions are answered in the FAQ",
                ""
            })
    void otherLinesAreNot(String line) {
        assertTrue(PromptDetector.inText(line, "stdout").isEmpty(), line);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Proceed? [y/N] ",
                "Do you want to proceed? ",
                "Delete 3 files (y/n): ",
                "Press Enter to continue"
            })
    void anUnterminatedLineEndingInAQuestionIsAPrompt(String partial) {
        assertEquals(
                partial.strip(),
                PromptDetector.atEndOf(partial, "stdout").orElseThrow().text());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"Answer [y/N] questions with care and then", "{\"text\":\"Proceed? [y/N]", "Writing homepage"})
    void anUnterminatedLineThatGoesOnPastTheQuestionIsNot(String partial) {
        assertTrue(PromptDetector.atEndOf(partial, "stdout").isEmpty(), partial);
    }

    @Test
    void aLongLineIsOutputNotAQuestion() {
        assertTrue(PromptDetector.inText("x".repeat(5000) + " [y/N]", "stdout").isEmpty());
    }

    @Test
    void codexAskingTheOwnerIsADecision() {
        DetectedPrompt p = PromptDetector.inEvent(new ParsedEvent(
                        "approval_requested", Map.of("kind", "request_user_input", "text", "Which colour?")))
                .orElseThrow();
        assertEquals(NormalizedStatus.PAUSED_DECISION, p.status());
        assertEquals("Which colour?", p.text());
    }

    @Test
    void eventLinesCarryTheirSeqPrefix() {
        assertEquals(42, RunStore.seqOf("{\"seq\":42,\"type\":\"stdout\",\"ts\":\"t\",\"run_id\":\"r\",\"data\":{}}"));
        assertEquals(-1, RunStore.seqOf("{\"seq\":42,\"type\":\"stdo")); // torn by a crash
        assertEquals(-1, RunStore.seqOf("garbage"));
    }
}

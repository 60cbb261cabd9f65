package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * Praetor's real budgets and prompts were refused: {@code max_time_minutes=2880} (its budgets have no upper
 * bound; it asks for {@code max_time_minutes * 60} seconds) was a {@code validation_error}, and a summary of
 * 100,000 CJK characters a {@code payload_too_large} (262,144 bytes). The limits are configuration whose
 * defaults take them, and a refusal names the limit and the setting. Issue 38, defect 3.
 */
class PraetorBudgetsAndPromptsTest extends LiveBridgeTest {

    private static final String CJK = "專案首頁摘要。";

    private JsonNode runLog(String id) throws Exception {
        return BridgeFixture.JSON
                .readTree(fx.logDir
                        .resolve("runs")
                        .resolve(id)
                        .resolve("run.json")
                        .toFile())
                .path("run_log");
    }

    @Test
    void aTwoDayBudgetIsAccepted() throws Exception {
        ObjectNode request = fx.runRequest("codex", "Write the homepage.").put("timeout_seconds", 2880 * 60);
        String id = fx.submit(request);
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
        JsonNode log = runLog(id);
        assertEquals(2880 * 60, log.path("request").path("timeout_seconds").asLong(), log::toString);
    }

    @Test
    void aSummaryOf100000CjkCharactersIsAcceptedEscapedOrNot() throws Exception {
        String summary = CJK.repeat(100_000 / CJK.length() + 1).substring(0, 100_000);
        // as Python's json.dumps writes it by default (ensure_ascii): six bytes a character, 600 KB
        StringBuilder escaped = new StringBuilder();
        summary.chars().forEach(c -> escaped.append(String.format("\\u%04x", c)));
        String template = fx.runRequest("codex", "@@").toString();
        String asciiBody = template.replace("\"@@\"", "\"" + escaped + "\"");
        assertTrue(asciiBody.length() > 600_000);
        // and as UTF-8, three bytes a character
        String utf8Body = BridgeFixture.JSON.writeValueAsString(fx.runRequest("claude_code", summary));
        for (String body : new String[] {asciiBody, utf8Body}) {
            HttpResponse<String> response = fx.post("/runs", body);
            assertEquals(200, response.statusCode(), () -> response.body());
            String id = BridgeFixture.json(response).path("data").path("run_id").asText();
            JsonNode record = fx.awaitTerminal(id, WAIT);
            assertEquals("completed", record.path("normalized_status").asText(), record::toString);
            assertEquals(
                    100_000,
                    runLog(id).path("request").path("instructions_chars").asInt());
        }
    }

    @Test
    void a300KbPromptIsAccepted() throws Exception {
        String prompt = "Write the homepage from these notes. ".repeat(300 * 1024 / 37 + 1);
        String id = fx.submit(fx.runRequest("codex", prompt));
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
        assertTrue(Files.isRegularFile(fx.project.resolve("homepage.md")));
    }

    @Test
    void refusalsNameTheLimitAndItsSetting() throws Exception {
        fx.stop();
        fx.limits = fx.limits.withRequestLimits(3600, 64 * 1024);
        fx.start();
        HttpResponse<String> late = fx.post(
                "/runs",
                fx.runRequest("codex", "Write it.").put("timeout_seconds", 7200).toString());
        assertEquals(400, late.statusCode(), late::body);
        JsonNode lateError = BridgeFixture.json(late).path("error");
        assertEquals("validation_error", lateError.path("code").asText());
        String lateMessage = lateError.path("message").asText();
        assertTrue(
                lateMessage.contains("3600")
                        && lateMessage.contains("maxTimeoutSeconds")
                        && lateMessage.contains("PRAETOR_EXECD_MAX_TIMEOUT_SECONDS"),
                lateMessage);

        HttpResponse<String> large =
                fx.post("/runs", fx.runRequest("codex", "x".repeat(70 * 1024)).toString());
        assertEquals(413, large.statusCode(), large::body);
        JsonNode largeError = BridgeFixture.json(large).path("error");
        assertEquals("payload_too_large", largeError.path("code").asText());
        String largeMessage = largeError.path("message").asText();
        assertTrue(
                largeMessage.contains("65536")
                        && largeMessage.contains("maxRequestBytes")
                        && largeMessage.contains("PRAETOR_EXECD_MAX_REQUEST_BYTES"),
                largeMessage);
    }
}

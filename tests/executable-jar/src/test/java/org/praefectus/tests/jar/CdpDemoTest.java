package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code praefectus.jar cdp-demo} as a user runs it. The demo launches the real headless Chromium at
 * {@code /usr/bin/chromium}: without it the demo answers {@code browser_unavailable} and this test fails.
 */
class CdpDemoTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workingDirectory;

    private JarProcess.Result demo(String... arguments) throws Exception {
        return JarProcess.run(
                workingDirectory, environment -> {}, List.of(), JarProcess.jar("praefectus.jar"), arguments);
    }

    private static JsonNode envelope(JarProcess.Result result) throws Exception {
        assertEquals(1, result.stdout().lines().count(), "exactly one line on stdout: " + result.stdout());
        return JSON.readTree(result.stdout());
    }

    private static JsonNode terminal(JsonNode step) {
        JsonNode acks = step.at("/report/acknowledgements");
        return acks.get(acks.size() - 1).at("/state/terminal");
    }

    @Test
    void theApprovedDemoSetsAValueInvokesOnceAndReplaysTheRePresentedOperation() throws Exception {
        JarProcess.Result result = demo("cdp-demo", "--approved-demo");

        assertEquals(0, result.exitCode(), result.stdout() + result.stderr());
        JsonNode envelope = envelope(result);
        assertTrue(envelope.get("ok").asBoolean());
        JsonNode data = envelope.get("data");
        assertFalse(data.at("/authority/production_approval_system").asBoolean(true));
        assertTrue(data.get("notice").asText().contains("NOT a production approval system"));
        assertEquals("host_isolated", data.at("/browser/session_isolation").asText());
        assertEquals("praefectus-chromium-cdp", data.at("/observation/backend").asText());

        JsonNode steps = data.get("steps");
        assertEquals(3, steps.size());
        JsonNode setValue = terminal(steps.get(0));
        assertEquals("succeeded", setValue.get("kind").asText());
        assertEquals("set_value", setValue.at("/receipt/action_name").asText());
        assertEquals("verified", setValue.at("/receipt/effect").asText());
        assertEquals("praefectus-chromium-cdp", setValue.at("/receipt/backend").asText());

        JsonNode invoke = steps.get(1);
        assertEquals("succeeded", terminal(invoke).get("kind").asText());
        assertEquals("invoke", terminal(invoke).at("/receipt/action_name").asText());
        assertFalse(invoke.get("replayed").asBoolean(true));
        assertEquals(3, invoke.at("/report/acknowledgements").size(), "accepted, executing, terminal");

        JsonNode again = steps.get(2);
        assertTrue(again.get("replayed").asBoolean());
        assertEquals(1, again.at("/report/acknowledgements").size(), "only the recorded terminal, no executing");
        assertEquals(terminal(invoke).get("receipt"), terminal(again).get("receipt"));
        // the page's own counter: one activation, before and after the re-presentation
        assertEquals(
                "submitted 1 time with a name",
                data.get("page_status_after_invoke").asText());
        assertEquals(
                "submitted 1 time with a name",
                data.get("page_status_after_re_presentation").asText());
        assertTrue(data.get("dispatched_once").asBoolean());

        assertFalse(result.stdout().contains("Ada Lovelace"), "the typed value never leaves");
        assertEquals("", result.stderr());
        try (Stream<Path> left = Files.list(workingDirectory)) {
            assertEquals(List.of(), left.toList(), "the demo leaves nothing in the working directory");
        }
    }

    @Test
    void withoutApprovalTheDemoRefusesAndStartsNothing() throws Exception {
        for (String[] refused : new String[][] {
            {"cdp-demo"},
            {"cdp-demo", "--approved"},
            {"cdp-demo", "--approved-demo", "--approved-demo"},
            {"cdp-demo", "now"}
        }) {
            JarProcess.Result result = demo(refused);

            assertEquals(2, result.exitCode(), String.join(" ", refused));
            JsonNode envelope = envelope(result);
            assertFalse(envelope.get("ok").asBoolean());
            assertEquals("usage", envelope.at("/error/code").asText());
        }
    }
}

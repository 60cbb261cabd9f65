package org.praefectus.tests.linux;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.cli.CommandLine;

/** {@code demo --approved-demo} through the real engine, executor and a real zenity window. */
class DemoTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @InjectService
    CommandLine cli;

    @BeforeAll
    static void needsTheDesktop() {
        if (System.getenv("DISPLAY") == null || System.getenv("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("these tests need the test desktop: run them through scripts/test-desktop");
        }
    }

    private JsonNode run(int expectedExit, String... arguments) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = cli.run(
                List.of(arguments), out, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(expectedExit, exit, out.toString(StandardCharsets.UTF_8));
        return JSON.readTree(out.toByteArray());
    }

    @Test
    void theDemoSetsTheFieldVerifiesItAndReplaysWithoutASecondDispatch() throws Exception {
        JsonNode data = run(CommandLine.EXIT_OK, "demo", "--approved-demo").get("data");
        assertTrue(data.get("approval").asText().contains("NOT a production approval system"));
        assertTrue(data.get("verified").asBoolean());
        JsonNode terminal = data.at("/receipt/acknowledgements/2/state/terminal");
        assertEquals("succeeded", terminal.get("kind").asText());
        assertEquals("verified", terminal.at("/receipt/effect").asText());
        assertEquals("set_value", terminal.at("/receipt/action_name").asText());
        assertEquals("target_addressed", terminal.at("/receipt/delivery_route").asText());
        assertTrue(data.get("replayed_without_dispatch").asBoolean());
        assertEquals(1, data.at("/replay/acknowledgements").size());
        assertTrue(data.at("/replay/acknowledgements/0/replayed").asBoolean());
        assertTrue(!data.toString().contains("Hello from Praefectus"), "the typed value never appears");
    }

    @Test
    void theDemoRefusesWithoutTheFlagAndWhenTheWindowIsNotUnique() throws Exception {
        assertEquals(
                "usage", run(CommandLine.EXIT_USAGE, "demo").at("/error/code").asText());

        Process impostor = new ProcessBuilder("zenity", "--entry", "--title", "Praefectus Demo", "--text", "other")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            await("the other window appeared")
                    .atMost(Duration.ofSeconds(15))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> run(CommandLine.EXIT_OK, "surfaces")
                            .toString()
                            .contains("\"process_id\":" + impostor.pid()));
            JsonNode error =
                    run(CommandLine.EXIT_PROTOCOL, "demo", "--approved-demo").get("error");
            assertEquals("demo_error", error.get("code").asText());
            assertTrue(error.get("message").asText().contains("only on its own disposable window"));
        } finally {
            impostor.destroy();
            impostor.waitFor(5, TimeUnit.SECONDS);
        }
    }
}

package org.praefectus.tests.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon as a host: it signs, the engine executes on a real GTK window, the ledger and audit tell. */
class DaemonActTest {

    @TempDir
    Path directory;

    private TestWindow window;
    private String title;

    @BeforeEach
    void openWindow() throws Exception {
        Daemon.requireDesktop();
        title = TestWindow.uniqueTitle("Daemon Act");
        window = TestWindow.zenity("--entry", title, "Type");
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    /** Observes until the active window is ours, and returns the tag of its editable field. */
    private String entryTag(Daemon.Client client) {
        return await("the zenity window is the active window")
                .atMost(Duration.ofSeconds(30))
                .until(() -> editableOf(client.call("{\"method\":\"observe\"}")), tag -> tag != null);
    }

    /** The tag of the editable field when the observation is of our window, else {@code null}. */
    private String editableOf(JsonNode observation) {
        if (observation.get("ok").asBoolean()
                && observation.at("/data/elements/0/name").asText().equals(title)) {
            for (JsonNode element : observation.at("/data/elements")) {
                if (element.at("/actionability/editable").asBoolean()) {
                    return element.get("tag").asText();
                }
            }
        }
        return null;
    }

    @Test
    void aSignedSetValueIsVerifiedAndAuditedWithLengthsOnly() throws Exception {
        try (Daemon daemon = Daemon.start(directory, environment -> {}, "--no-grpc");
                Daemon.Client client = daemon.connect()) {
            String tag = entryTag(client);
            String secret = "daemon value " + UUID.randomUUID();
            JsonNode report = client.call("{\"method\":\"act\",\"params\":{\"tag\":\"" + tag
                    + "\",\"action\":{\"kind\":\"set_value\",\"value\":\"" + secret + "\"}}}");
            assertTrue(report.get("ok").asBoolean(), report.toString());
            JsonNode terminal = report.at("/data/acknowledgements")
                    .get(report.at("/data/acknowledgements").size() - 1);
            assertTrue(terminal.toString().contains("\"succeeded\""), terminal.toString());
            assertTrue(terminal.toString().contains("\"verified\""), terminal.toString());
            assertFalse(report.toString().contains(secret), "the receipt carries no value");

            String audit = Files.readString(daemon.state.resolve("audit.jsonl"));
            assertTrue(audit.contains("\"event\":\"action\",\"decision\":\"signed\""), audit);
            assertTrue(audit.contains("\"event\":\"action\",\"decision\":\"executed\""), audit);
            assertTrue(audit.contains("\"content_length\":" + secret.length()), audit);
            assertFalse(audit.contains(secret), "the audit log carries no value");
            String ledger = Files.readString(daemon.state.resolve("operations.jsonl"));
            assertTrue(ledger.contains("\"kind\":\"claim\"") && ledger.contains("\"kind\":\"terminal\""), ledger);
            assertFalse(ledger.contains(secret), "the ledger carries no value");

            // input synthesis is gated: the assist profile without --allow-input signs no click
            JsonNode click = client.call(
                    "{\"method\":\"act\",\"params\":{\"tag\":\"" + tag + "\",\"action\":{\"kind\":\"click\"}}}");
            assertEquals("input_not_allowed", click.at("/error/code").asText(), click.toString());
            JsonNode stale =
                    client.call("{\"method\":\"act\",\"params\":{\"tag\":\"e999\",\"action\":{\"kind\":\"invoke\"}}}");
            assertEquals("unknown_tag", stale.at("/error/code").asText());
        }
    }

    /**
     * PeekabooX's {@code click --selector} from the CLI, routed to the running daemon: the daemon signs, the
     * engine fences and invokes the real button (zenity exits 0), and the receipt comes back in the envelope.
     */
    @Test
    void aSelectorClickThroughTheDaemonPressesTheRealButtonWithItsReceipt() throws Exception {
        String dialog = TestWindow.uniqueTitle("Daemon Click");
        try (TestWindow info = TestWindow.zenity("--info", dialog, "Press OK");
                Daemon daemon = Daemon.start(directory, environment -> {}, "--no-grpc")) {
            String[] click = {"click", "--selector", "role=push button,label-exact=OK", "--window-title", dialog};
            Daemon.Result dry = awaitWindow(daemon, click);
            JsonNode planned = dry.envelope();
            assertTrue(planned.get("ok").asBoolean(), planned.toString());
            assertFalse(planned.at("/data/signed").asBoolean(), "a dry run signs nothing");
            assertTrue(info.process.isAlive(), "a dry run dispatches nothing");

            Daemon.Result clicked = daemon.cli(directory, click);
            JsonNode envelope = clicked.envelope();
            assertEquals(0, clicked.exitCode(), envelope.toString());
            assertEquals("succeeded", envelope.at("/data/status").asText(), envelope.toString());
            assertTrue(envelope.at("/data/receipt").isObject(), "the receipt comes back: " + envelope);
            assertTrue(info.process.waitFor(30, TimeUnit.SECONDS), "the OK button was pressed");
            assertEquals(0, info.process.exitValue());
            String ledger = Files.readString(daemon.state.resolve("operations.jsonl"));
            assertTrue(ledger.contains("\"kind\":\"claim\"") && ledger.contains("\"kind\":\"terminal\""), ledger);
        }
    }

    /** Repeats the dry run of {@code click} (bounded) until the daemon finds the new window's button. */
    private Daemon.Result awaitWindow(Daemon daemon, String... click) {
        String[] dry = java.util.Arrays.copyOf(click, click.length + 1);
        dry[click.length] = "--dry-run";
        return await("the daemon finds the dialog's button")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> daemon.cli(directory, dry), result -> result.exitCode() == 0);
    }

    @Test
    void theObserveProfileSignsNothing() throws Exception {
        try (Daemon daemon = Daemon.start(directory, environment -> {}, "--no-grpc", "--profile", "observe");
                Daemon.Client client = daemon.connect()) {
            String tag = entryTag(client);
            JsonNode refused = client.call("{\"method\":\"act\",\"params\":{\"tag\":\"" + tag
                    + "\",\"action\":{\"kind\":\"set_value\",\"value\":\"x\"}}}");
            assertEquals("profile_denied", refused.at("/error/code").asText());
            assertFalse(
                    Files.exists(daemon.state.resolve("operations.jsonl"))
                            && Files.readString(daemon.state.resolve("operations.jsonl"))
                                    .contains("claim"),
                    "nothing was claimed");
        }
    }

    @Test
    void sigtermDuringAnActLeavesAnHonestTerminalInTheLedger() throws Exception {
        Daemon daemon = Daemon.start(
                directory,
                environment -> environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"),
                "--no-grpc",
                "--allow-input");
        Path ledger = daemon.state.resolve("operations.jsonl");
        try (Daemon.Client client = daemon.connect()) {
            String tag = entryTag(client);
            // 400 characters, 25 ms apart, into the fenced entry (keyboard input takes element targets only, as in
            // the reference): seconds of typing, cut by SIGTERM
            String text = "x".repeat(400);
            CompletableFuture<String> reply = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.raw("{\"method\":\"act\",\"params\":{\"tag\":\"" + tag + "\","
                            + "\"action\":{\"kind\":\"type_text\",\"text\":\"" + text + "\",\"delay_ms\":25}}}");
                } catch (Exception | AssertionError closed) {
                    return closed.toString();
                }
            });
            await("the operation is claimed")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(10))
                    .until(() ->
                            Files.exists(ledger) && Files.readString(ledger).contains("\"kind\":\"claim\""));
            assertEquals(143, daemon.terminate());
            reply.get(30, TimeUnit.SECONDS);
        } finally {
            daemon.close();
        }
        List<String> records = Files.readAllLines(ledger);
        String claim = records.stream()
                .filter(line -> line.contains("\"kind\":\"claim\""))
                .findFirst()
                .orElseThrow();
        String operation = Daemon.JSON.readTree(claim).get("operation_id").asText();
        // the daemon drained before it exited: the terminal is in the ledger itself, not recovered later
        assertTrue(
                records.stream().anyMatch(line -> line.contains("\"kind\":\"terminal\"") && line.contains(operation)),
                records.toString());
        Daemon.Result status = Daemon.cli(
                directory,
                environment -> environment.put("XDG_RUNTIME_DIR", daemon.runtime.toString()),
                "--no-daemon",
                "status",
                "--ledger",
                ledger.toString(),
                operation);
        assertEquals(0, status.exitCode(), status.stdout());
        String terminal = status.envelope().get("data").toString();
        assertFalse(terminal.contains("\"succeeded\""), "typing was cut short: never success: " + terminal);
        assertFalse(terminal.contains("not recorded"), "not an interrupted claim: " + terminal);
    }
}

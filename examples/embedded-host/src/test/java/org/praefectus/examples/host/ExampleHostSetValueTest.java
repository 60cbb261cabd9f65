package org.praefectus.examples.host;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.MemoryOutcomeLedger;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.embed.EmbeddedPraefectus;

/**
 * The example host for real, on the test desktop: its key pinned with the host kit, a verified {@code
 * set_value} on a real {@code zenity --entry} window, the value read back over AT-SPI by pyatspi (an
 * independent oracle), the same request replayed, and the engine still serving after it was reconfigured.
 */
class ExampleHostSetValueTest {

    private static final String VALUE = "set by the example host";
    private static final String NEXT_VALUE = "set again after the reconfiguration";

    @TempDir
    Path temp;

    @BeforeAll
    static void needsTheDesktop() {
        if (System.getenv("DISPLAY") == null || System.getenv("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
    }

    private String readEntryOverAtSpi(long pid) throws Exception {
        Path script = temp.resolve("entry_text.py");
        try (InputStream in = getClass().getResourceAsStream("entry_text.py")) {
            Files.write(script, in.readAllBytes());
        }
        Process oracle = new ProcessBuilder("/usr/bin/python3", script.toString(), Long.toString(pid))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String text = new String(oracle.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(oracle.waitFor(30, TimeUnit.SECONDS), "pyatspi answered");
        assertEquals(0, oracle.exitValue(), "pyatspi found the field");
        return text;
    }

    @Test
    void theHostSetsAVerifiedValueOnARealWindowReplaysItAndSurvivesReconfiguration() throws Exception {
        Path state = Files.createDirectory(
                temp.resolve("state"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        HostSigner signer =
                new HostSigner(HostKey.loadOrCreate(state.resolve("host.key")), "example-host", "key-1", "policy-1");
        Process zenity = new ProcessBuilder("zenity", "--entry", "--title", "Example host", "--text", "a field")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (EmbeddedPraefectus praefectus = EmbeddedPraefectus.start(
                        Path.of(System.getProperty("praefectus.bundle.set")), state.resolve("felix"), Map.of());
                EmbeddedPraefectus.Pin pin = praefectus.pin(signer.pinnedIssuer())) {
            ExampleHost host = new ExampleHost(praefectus, signer);
            ActionRequest request = await("the zenity window appeared")
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(100))
                    // the window is still appearing on the accessibility bus (the timeout names the last refusal)
                    .ignoreExceptionsInstanceOf(IllegalStateException.class)
                    .until(() -> host.setValue(zenity.pid(), VALUE), Objects::nonNull);

            ExecuteReport first = host.execute(request);
            Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, first.terminal());
            assertEquals(Effect.VERIFIED, succeeded.receipt().effect());
            assertEquals(VALUE, readEntryOverAtSpi(zenity.pid()));

            ExecuteReport again = host.execute(request);
            assertTrue(again.terminalAck().replayed());
            assertEquals(1, again.acknowledgements().size(), "no second dispatch");

            // the engine is reconfigured under the host (a host outcome ledger arrives): the engine the host
            // holds still serves, the recorded operation replays and a new one is dispatched and verified
            Engine held = praefectus.service(Engine.class, Duration.ofSeconds(30));
            praefectus.context().registerService(OutcomeLedger.class, new MemoryOutcomeLedger(), null);
            ExecuteReport afterReconfiguration = held.execute(request, new CancellationToken());
            assertTrue(afterReconfiguration.terminalAck().replayed());
            assertEquals(first.terminal(), afterReconfiguration.terminal());
            assertEquals(VALUE, readEntryOverAtSpi(zenity.pid()));

            ExecuteReport next = held.execute(host.setValue(zenity.pid(), NEXT_VALUE), new CancellationToken());
            Terminal.Succeeded nextSucceeded = assertInstanceOf(Terminal.Succeeded.class, next.terminal());
            assertEquals(Effect.VERIFIED, nextSucceeded.receipt().effect());
            assertFalse(next.terminalAck().replayed(), "a new operation is dispatched");
            assertEquals(NEXT_VALUE, readEntryOverAtSpi(zenity.pid()));
        } finally {
            zenity.destroy();
            zenity.waitFor(5, TimeUnit.SECONDS);
        }
    }
}

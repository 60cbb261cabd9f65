package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * A paste gives the clipboard back, on a real desktop: the previous clipboard is set by an independent GTK
 * client ({@code clipboard_owner.py}), the paste goes into a real zenity entry (read back over AT-SPI), and the
 * clipboard afterwards is read by another independent GTK client ({@code clipboard_text.py}, GTK's own
 * {@code wait_for_text}).
 */
class ClipboardRestoreDesktopTest {

    private static final String PREVIOUS = "the user's clipboard: ünï 7";

    @TempDir
    Path directory;

    @Test
    void aPasteGivesThePreviousClipboardTextBackUntilTheExecutorCloses() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Clipboard Restore");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            TargetRef entry = entry(executor, zenity);
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            try (GtkApp owner = owner("text", PREVIOUS)) {
                Map<String, Object> data =
                        verb.paste(paste("pasted over it"), ClipboardRestore.STRICT, new CancellationToken());
                assertEquals("succeeded", data.get("status"), data::toString);
                assertEquals(true, data.get("clipboard_restored"));
                assertEquals(List.of(), data.get("warnings"));
                assertFalse(data.toString().contains("pasted over it"), "the text never comes back");
                assertEntry(executor, entry, "pasted over it");
            }
            // the GTK owner lost the selection at the paste and is gone now: the executor's keeper serves it
            assertEquals(PREVIOUS, clipboardText());

            // a second paste reads the keeper's text as the previous clipboard and keeps it again
            Map<String, Object> again = verb.paste(paste(", twice"), ClipboardRestore.STRICT, new CancellationToken());
            assertEquals(true, again.get("clipboard_restored"));
            assertEntry(executor, entry, "pasted over it, twice");
            assertEquals(PREVIOUS, clipboardText());
        }
        assertNull(clipboardText(), "the keeper gives the selection up when the executor closes");
    }

    @Test
    void withNoPreviousClipboardThePastedTextDoesNotStayInIt() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Clipboard Empty");
                LinuxExecutor executor = Desktop.executor(directory, true)) {
            TargetRef entry = entry(executor, zenity);
            assertNull(clipboardText(), "no client owns the clipboard before the paste");
            executor.dispatch(
                    new Action.Paste("a pasted password"),
                    new ResolvedTarget.None(),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            assertEntry(executor, entry, "a pasted password");
            assertNull(clipboardText(), "after the paste the clipboard is empty again");
        }
    }

    @Test
    void aClipboardWithoutTextIsRefusedByStrictAndPastedOverWithAWarningByBestEffort() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Clipboard Image");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true);
                GtkApp owner = owner("image")) {
            TargetRef entry = entry(executor, zenity);
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);

            DesktopException refused = assertThrows(
                    DesktopException.class,
                    () -> verb.paste(paste("must not arrive"), ClipboardRestore.STRICT, new CancellationToken()));
            assertEquals("clipboard_not_restorable", refused.code());
            assertTrue(refused.getMessage().contains("the clipboard holds no text"), refused::getMessage);
            assertEquals(0, host.operations(), "nothing was signed or dispatched");
            assertEquals(hash(""), Desktop.valueHash(executor, entry), "the entry is unchanged");
            assertTrue(owner.alive());

            Map<String, Object> data =
                    verb.paste(paste("pasted anyway"), ClipboardRestore.BEST_EFFORT, new CancellationToken());
            assertEquals(false, data.get("clipboard_restored"));
            assertEquals(
                    List.of("the previous clipboard cannot be restored (the clipboard holds no text): after the paste"
                            + " the clipboard is empty"),
                    data.get("warnings"));
            assertEntry(executor, entry, "pasted anyway");
            assertNull(clipboardText(), "the pasted text does not stay in the clipboard");
        }
    }

    @Test
    void aClipboardTextOverTheBoundIsRefusedByStrict() throws Exception {
        String large = "0123456789".repeat(7_000);
        try (GtkApp zenity = GtkApp.zenityEntry("Clipboard Large");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true);
                GtkApp owner = owner("text", large)) {
            TargetRef entry = entry(executor, zenity);
            assertEquals(large, clipboardText(), "GTK serves the whole text to a reader without a bound");
            DesktopException refused = assertThrows(
                    DesktopException.class,
                    () -> new PlainInputVerb(executor, () -> host)
                            .paste(paste("must not arrive"), ClipboardRestore.STRICT, new CancellationToken()));
            assertEquals("clipboard_not_restorable", refused.code());
            assertTrue(refused.getMessage().contains("the clipboard is too large to restore"), refused::getMessage);
            assertEquals(0, host.operations());
            assertEquals(hash(""), Desktop.valueHash(executor, entry));
            assertEquals(large, clipboardText(), "the refused paste left the clipboard alone");
        }
    }

    /** The zenity entry, observed, with its window active (it has the keyboard focus). */
    private static TargetRef entry(LinuxExecutor executor, GtkApp zenity) throws Exception {
        SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
        Desktop.bringToFront(zenity.pid());
        return new TargetRef.Element(observation.target(
                Desktop.find(observation, Desktop.role("text")).tag()));
    }

    /** Waits (bounded) until the entry's text, read over AT-SPI, is {@code expected}. */
    private static void assertEntry(LinuxExecutor executor, TargetRef entry, String expected) {
        await("the entry reads \"" + expected + "\"")
                .atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> Desktop.valueHash(executor, entry), hash(expected)::equals);
    }

    private static String hash(String value) {
        return Sha256.hex(value.getBytes(StandardCharsets.UTF_8));
    }

    private static InputRequest paste(String text) {
        return InputRequest.of("paste").text(text).build();
    }

    /** {@code clipboard_owner.py}, started and owning the clipboard (bounded wait). */
    private GtkApp owner(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("/usr/bin/python3", fixture("clipboard_owner.py")));
        command.addAll(List.of(arguments));
        GtkApp owner = GtkApp.start(command.toArray(String[]::new));
        try {
            await("the GTK clipboard owner starts (Debian's python3-gi with GTK 3, see .ci/run)")
                    .atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(50))
                    // an owner that exited will never own the clipboard: fail at once, not at the timeout
                    .failFast("the GTK clipboard owner exited", () -> !owner.alive())
                    .until(() -> owner.output().contains("owning"));
        } catch (RuntimeException notStarted) {
            owner.close(); // it timed out, or the owner exited
            throw notStarted;
        }
        return owner;
    }

    /** The clipboard's text as an independent GTK client reads it, or {@code null} when it has none. */
    private String clipboardText() throws Exception {
        Process oracle = new ProcessBuilder("/usr/bin/python3", fixture("clipboard_text.py"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(oracle.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!oracle.waitFor(30, TimeUnit.SECONDS) || oracle.exitValue() != 0) {
            return fail("the GTK clipboard oracle failed (Debian's python3-gi with GTK 3, see .ci/run)");
        }
        if (out.equals("none")) {
            return null;
        }
        assertTrue(out.startsWith("text:"), out);
        return out.substring("text:".length());
    }

    private String fixture(String name) throws Exception {
        Path script = directory.resolve(name);
        if (!Files.exists(script)) {
            Files.writeString(script, AtspiStateDesktopTest.resource(name));
        }
        return script.toString();
    }
}

package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The window verbs (#36: focus, minimize, close as the signed {@code window} action) on real zenity windows under
 * openbox, each effect read back by independent X clients: {@code xdotool getactivewindow} for the active window,
 * {@code xprop _NET_WM_STATE} for a minimized one, the process's exit for a closed one.
 */
class WindowVerbDesktopTest {

    @TempDir
    Path directory;

    @Test
    void aWindowIsFocusedMinimizedRestoredAndClosedThroughSignedWindowActions() throws Exception {
        try (GtkApp first = GtkApp.zenityInfo("Window Verb One");
                GtkApp second = GtkApp.zenityInfo("Window Verb Two");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            String one = windowOf(first.pid());
            String two = windowOf(second.pid());
            Desktop.bringToFront(second.pid());
            assertEquals(two, activeWindow());
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            ElementScope firstWindow = new ElementScope(null, "Window Verb One", null);

            Map<String, Object> dry =
                    verb.run(InputRequest.window("focus", firstWindow, true), new CancellationToken());
            assertEquals("window", dry.get("action"));
            assertEquals(false, dry.get("signed"));
            assertEquals(0, host.operations(), "a dry run signs nothing");
            assertEquals(two, activeWindow(), "a dry run moves no focus");

            InputOutcome focused =
                    verb.outcome(InputRequest.window("focus", firstWindow, false), new CancellationToken());
            assertTrue(focused.succeeded(), String.valueOf(focused.terminal()));
            assertEquals(one, activeWindow(), "xdotool sees the focused window active");

            InputOutcome minimized =
                    verb.outcome(InputRequest.window("minimize", firstWindow, false), new CancellationToken());
            assertTrue(minimized.succeeded(), String.valueOf(minimized.terminal()));
            assertTrue(wmState(one).contains("_NET_WM_STATE_HIDDEN"), wmState(one));

            InputOutcome restored =
                    verb.outcome(InputRequest.window("focus", firstWindow, false), new CancellationToken());
            assertTrue(restored.succeeded(), String.valueOf(restored.terminal()));
            assertEquals(one, activeWindow(), "a minimized window is restored and activated");
            assertFalse(wmState(one).contains("_NET_WM_STATE_HIDDEN"), wmState(one));

            InputOutcome closed = verb.outcome(
                    InputRequest.window("close", new ElementScope(null, "Window Verb Two", null), false),
                    new CancellationToken());
            assertTrue(closed.succeeded(), String.valueOf(closed.terminal()));
            second.waitForExit(10);
            assertFalse(second.alive(), "the closed window's application ended");
            assertEquals(4, host.operations(), "focus, minimize, focus, close: one signed operation each");
        }
    }

    @Test
    void closingIsSignedAsDestructive() throws Exception {
        try (GtkApp app = GtkApp.zenityInfo("Window Verb Risk");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            windowOf(app.pid());
            Map<String, Object> dry = new PlainInputVerb(executor, () -> null)
                    .run(
                            InputRequest.window("close", new ElementScope(null, "Window Verb Risk", null), true),
                            new CancellationToken());
            Map<?, ?> proposal = (Map<?, ?>) dry.get("proposal");
            assertNotNull(proposal, dry.toString());
            assertEquals("destructive", proposal.get("risk"));
            assertEquals("none", ((Map<?, ?>) proposal.get("target")).get("kind"));
            assertTrue(app.alive());
        }
    }

    @Test
    void withoutTheInputOptInNothingIsFocused() throws Exception {
        try (GtkApp first = GtkApp.zenityInfo("Window Verb Denied");
                GtkApp second = GtkApp.zenityInfo("Window Verb Holder");
                LinuxExecutor executor = Desktop.executor(directory, false);
                SigningHost host = new SigningHost(executor, directory, true)) {
            windowOf(first.pid());
            String holder = windowOf(second.pid());
            Desktop.bringToFront(second.pid());
            InputOutcome refused = new PlainInputVerb(executor, () -> host)
                    .outcome(
                            InputRequest.window("focus", new ElementScope(null, "Window Verb Denied", null), false),
                            new CancellationToken());
            assertFalse(refused.succeeded());
            assertEquals("permission_denied", refused.errorCode(), String.valueOf(refused.terminal()));
            assertEquals(holder, activeWindow(), "the focus stayed where it was");
        }
    }

    @Test
    void twinWindowsWithTheSameAppAndTitleAreRefusedNotGuessed() throws Exception {
        try (GtkApp first = GtkApp.zenityInfo("Window Verb Twin");
                GtkApp second = GtkApp.zenityInfo("Window Verb Twin");
                GtkApp holder = GtkApp.zenityInfo("Window Verb Other");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            String one = windowOf(first.pid());
            windowOf(second.pid());
            String other = windowOf(holder.pid());
            Desktop.bringToFront(holder.pid());
            // the scope names one window by its ID, but the signed action names windows by app and title
            InputOutcome refused = new PlainInputVerb(executor, () -> host)
                    .outcome(
                            InputRequest.window(
                                    "focus", new ElementScope(null, null, Long.toString(Long.decode(one))), false),
                            new CancellationToken());
            assertFalse(refused.succeeded());
            assertEquals("conflict", refused.errorCode(), String.valueOf(refused.terminal()));
            assertEquals(other, activeWindow());
            assertNotEquals(one, activeWindow());
        }
    }

    /** The process's top-level window, once it is mapped, in xdotool's decimal form. */
    private static String windowOf(long pid) throws Exception {
        String[] found = new String[1];
        await("a window of process " + pid)
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    String out = run("xdotool", "search", "--onlyvisible", "--pid", Long.toString(pid))
                            .strip();
                    found[0] = out.isEmpty() ? null : out.split("\\s+")[0];
                    return found[0] != null;
                });
        return found[0];
    }

    private static String activeWindow() throws Exception {
        return run("xdotool", "getactivewindow").strip();
    }

    private static String wmState(String window) throws Exception {
        return run("xprop", "-id", window, "_NET_WM_STATE");
    }

    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(10, TimeUnit.SECONDS));
        return out;
    }
}

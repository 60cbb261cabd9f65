package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.linux.x11.Xlib;

/**
 * Ctrl+Alt+Esc pressed for real (xdotool, another X client, through the X server) while the executor types
 * into a zenity entry: the typing stops part-way, nothing stays held, new input is refused with no effect until
 * the stop is re-armed, and typing works again after it.
 */
class EmergencyStopDesktopTest {

    private static final String TEXT = "abcdefghijklmnopqrstuvwxyz".repeat(3);

    @TempDir
    Path screenshots;

    private static String valueHash(LinuxExecutor executor, TargetRef entry) throws Exception {
        JsonValue.JsonObject state =
                (JsonValue.JsonObject) executor.observe(entry, new CancellationToken(), Desktop.deadline())
                        .state();
        return ((JsonValue.JsonString) state.members().get("value_hash")).value();
    }

    private static String hash(String value) {
        return Sha256.hex(value.getBytes(StandardCharsets.UTF_8));
    }

    /** How many characters of {@link #TEXT} the entry holds, or -1 when it holds something else. */
    private static int typedPrefix(LinuxExecutor executor, TargetRef entry) throws Exception {
        String value = valueHash(executor, entry);
        for (int length = 0; length <= TEXT.length(); length++) {
            if (hash(TEXT.substring(0, length)).equals(value)) {
                return length;
            }
        }
        return -1;
    }

    private static void dispatch(LinuxExecutor executor, Action action) throws DispatchException {
        executor.dispatch(
                action,
                new ResolvedTarget.None(),
                new VerificationPolicy.None(),
                new CancellationToken(),
                Desktop.deadline());
    }

    /** Whether any key or pointer button is down on the server (XQueryKeymap, XQueryPointer's mask). */
    private static boolean anythingHeld() {
        Xlib xlib = Xlib.load();
        Pointer display = xlib.XOpenDisplay(System.getenv("DISPLAY"));
        try {
            byte[] keys = new byte[32];
            xlib.XQueryKeymap(display, keys);
            for (byte b : keys) {
                if (b != 0) {
                    return true;
                }
            }
            IntByReference mask = new IntByReference();
            xlib.XQueryPointer(
                    display,
                    xlib.XRootWindow(display, xlib.XDefaultScreen(display)),
                    new NativeLongByReference(),
                    new NativeLongByReference(),
                    new IntByReference(),
                    new IntByReference(),
                    new IntByReference(),
                    new IntByReference(),
                    mask);
            return (mask.getValue() & (0x1F << 8)) != 0; // Button1Mask … Button5Mask
        } finally {
            xlib.XCloseDisplay(display);
        }
    }

    private static void xdotool(String... arguments) throws Exception {
        String[] command = new String[arguments.length + 1];
        command[0] = "xdotool";
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertTrue(process.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue());
    }

    @Test
    void ctrlAltEscapeStopsTypingReleasesKeysAndRefusesInputUntilRearmed() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Emergency Stop");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            EmergencyStop stop = executor.emergencyStop();
            assertTrue(stop.hotkeyHeld(), "the executor with the input opt-in grabs Ctrl+Alt+Esc");
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            TargetRef entry = new TargetRef.Element(observation.target(
                    Desktop.find(observation, Desktop.role("text")).tag()));
            Desktop.bringToFront(zenity.pid());

            CompletableFuture<DispatchException> typing = CompletableFuture.supplyAsync(() -> {
                try {
                    dispatch(executor, new Action.TypeText(TEXT, false, false, 60L));
                    return null;
                } catch (DispatchException stopped) {
                    return stopped;
                }
            });
            await("typing started")
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> typedPrefix(executor, entry), prefix -> prefix >= 5);
            // a button held on the empty root when the stop fires (a drag cut short): released by it
            xdotool("mousemove", "1900", "1060", "mousedown", "1");
            assertTrue(anythingHeld());
            xdotool("key", "ctrl+alt+Escape");

            DispatchException stopped = typing.get(20, TimeUnit.SECONDS);
            assertInstanceOf(DispatchException.class, stopped, "the typing was cut short");
            assertEquals(EffectKnowledge.UNKNOWN, stopped.effect()); // some keys were sent: never a success
            assertTrue(stop.tripped());
            await("no key or button stays down after the stop")
                    .atMost(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> !anythingHeld());
            // not a wait: time passes so that an autorepeat or a late key, which must not come, would have arrived
            // before the prefix is read (and compared again below, after the refused input)
            Thread.sleep(300);
            int typed = typedPrefix(executor, entry);
            assertTrue(typed > 0 && typed < TEXT.length(), "stopped part-way, at " + typed);

            DispatchException refused = assertThrows(
                    DispatchException.class, () -> dispatch(executor, new Action.TypeText("x", false, false, null)));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
            assertEquals(typed, typedPrefix(executor, entry));

            stop.rearm();
            assertFalse(stop.tripped());
            Desktop.bringToFront(zenity.pid()); // the press on the root took the focus away from the entry
            dispatch(executor, new Action.TypeText(TEXT.substring(typed, typed + 3), false, false, null));
            await("typing works again after the re-arm")
                    .atMost(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> typedPrefix(executor, entry), prefix -> prefix == typed + 3);
            assertNotEquals(0, (long) stop.status().get("trips"));
        }
    }

    @Test
    void withTheHotkeyTurnedOffTheChordIsLeftToOthersAndOnlyATriggerStops() throws Exception {
        try (LinuxExecutor withoutHotkey = new LinuxExecutor(
                        new DesktopConnections(Desktop.environment(true)),
                        new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, screenshots, false));
                LinuxExecutor other = Desktop.executor(screenshots, true)) {
            EmergencyStop stop = withoutHotkey.emergencyStop();
            assertFalse(stop.hotkeyHeld());
            assertFalse(stop.hotkeyEnabled());
            assertNull(stop.status().get("hotkey"));
            // X grants a passive grab to one client only: the other executor gets it because this one never took it
            assertTrue(other.emergencyStop().hotkeyHeld(), "Ctrl+Alt+Esc is free for another client");

            xdotool("key", "ctrl+alt+Escape");
            await("the chord reaches the client that grabbed it")
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> other.emergencyStop().tripped());
            assertFalse(stop.tripped(), "the executor without the hotkey is not stopped by the chord");

            other.emergencyStop().close(); // the chord is free again: a dispatch below must not take it
            stop.trip(); // what `emergency-stop --trigger` does
            DispatchException refused = assertThrows(
                    DispatchException.class,
                    () -> dispatch(withoutHotkey, new Action.TypeText("x", false, false, null)));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
            assertFalse(stop.hotkeyHeld(), "a dispatch does not grab the chord either");
        }
    }
}

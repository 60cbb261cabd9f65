package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/** The real test desktop (scripts/test-desktop); tests fail, never skip, without it. */
final class Desktop {

    private Desktop() {}

    static Map<String, String> environment(boolean allowGlobalInput) {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (environment.get("DISPLAY") == null || environment.get("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
        environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", allowGlobalInput ? "1" : "0");
        return environment;
    }

    static LinuxExecutor executor(Path screenshots, boolean allowGlobalInput) {
        return executor(new DesktopConnections(environment(allowGlobalInput)), screenshots);
    }

    /** An executor over connections the test keeps, to look at its buses. */
    static LinuxExecutor executor(DesktopConnections connections, Path screenshots) {
        return new LinuxExecutor(connections, new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, screenshots));
    }

    /** What an observation says about each element, without the per-observation identities. */
    static List<String> contents(SemanticObservation observation) {
        return observation.elements().stream()
                .map(e -> e.tag() + " " + e.role() + " " + e.name() + " " + e.bounds() + " " + e.fingerprintHash() + " "
                        + e.actionability())
                .toList();
    }

    static long deadline() {
        return System.currentTimeMillis() + 20_000;
    }

    /** Waits (polling, bounded) until a surface owned by the process appears; returns it. */
    static SurfaceDescriptor surfaceOf(LinuxExecutor executor, long pid) throws Exception {
        long until = System.currentTimeMillis() + 15_000;
        while (System.currentTimeMillis() < until) {
            try {
                for (SurfaceDescriptor surface : executor.listSurfaces(new CancellationToken(), deadline())) {
                    if (surface.processId() == pid) {
                        return surface;
                    }
                }
            } catch (ExecutorException notYet) {
                // the desktop may still be starting the application
            }
            Thread.sleep(100);
        }
        return fail("no surface of process " + pid + " appeared");
    }

    /**
     * A coordinate target at (x, y) whose neighbourhood still looks as observed when it is resolved: observes
     * and resolves again (bounded) while the screen is changing around the point, for instance while an
     * earlier test's window is still closing. Tests of the fence itself change the screen after this returns.
     */
    static TargetRef.Coordinates settledPoint(LinuxExecutor executor, long x, long y) throws Exception {
        return settled(executor, x, y).point();
    }

    /**
     * The point, resolved by the same call that found the screen settled: a second resolve could meet the
     * screen changing again (a fading dialog, a blinking caret) and fail where the dispatch's own fence decides.
     */
    static ResolvedTarget settledTarget(LinuxExecutor executor, long x, long y) throws Exception {
        return settled(executor, x, y).resolved();
    }

    private record Settled(TargetRef.Coordinates point, ResolvedTarget resolved) {}

    private static Settled settled(LinuxExecutor executor, long x, long y) throws Exception {
        long until = System.currentTimeMillis() + 10_000;
        while (true) {
            CoordinateObservation screen = executor.observeCoordinates(new CancellationToken(), deadline());
            TargetRef.Coordinates point = new TargetRef.Coordinates(
                    x,
                    y,
                    screen.displays().get(0).displayId(),
                    screen.displayGeometryHash(),
                    screen.snapshotId(),
                    screen.snapshotContentHash());
            try {
                return new Settled(point, executor.resolve(point, new CancellationToken(), deadline()));
            } catch (ExecutorException changing) {
                if (System.currentTimeMillis() > until) {
                    return fail("the screen around (" + x + ", " + y + ") never settled", changing);
                }
                Thread.sleep(50);
            }
        }
    }

    /** Observes the process's surface until an element matches (the toolkit fills its tree lazily). */
    static SemanticObservation observeUntil(LinuxExecutor executor, long pid, Predicate<SemanticElement> wanted)
            throws Exception {
        long until = System.currentTimeMillis() + 15_000;
        while (System.currentTimeMillis() < until) {
            SurfaceDescriptor surface = surfaceOf(executor, pid);
            try {
                SemanticObservation observation =
                        executor.observeSurface(surface.surface(), new CancellationToken(), deadline());
                if (observation.elements().stream().anyMatch(wanted)) {
                    return observation;
                }
            } catch (ExecutorException changing) {
                // the window is still settling
            }
            Thread.sleep(100);
        }
        return fail("the observation never contained the wanted element");
    }

    /** A call that the desktop refuses, eventually. */
    interface Refusable {
        void call() throws ExecutorException;
    }

    /**
     * Moves the window titled {@code title} with xdotool, then repeats {@code call} (bounded) until it is
     * refused: the window manager moves windows asynchronously. Fails when it is never refused.
     */
    static ExecutorException refusedAfterMoving(String title, int x, int y, Refusable call) throws Exception {
        Process move = new ProcessBuilder(
                        "xdotool",
                        "search",
                        "--sync",
                        "--name",
                        title,
                        "windowmove",
                        "%@",
                        Integer.toString(x),
                        Integer.toString(y))
                .redirectErrorStream(true)
                .start();
        if (!move.waitFor(10, TimeUnit.SECONDS) || move.exitValue() != 0) {
            fail("xdotool did not move the window");
        }
        long until = System.currentTimeMillis() + 5_000;
        while (System.currentTimeMillis() < until) {
            try {
                call.call();
                Thread.sleep(50);
            } catch (ExecutorException refused) {
                return refused;
            }
        }
        return fail("the moved window's old reference was never refused");
    }

    /**
     * Brings the process's window to the foreground and waits (bounded) until the X server says it is active:
     * a window manager focuses new windows asynchronously, and on a loaded machine well after their
     * accessibility tree is readable.
     */
    static void bringToFront(long pid) throws Exception {
        long until = System.currentTimeMillis() + 20_000;
        try (X11Session session = X11Session.open(environment(false))) {
            while (System.currentTimeMillis() < until) {
                try {
                    if (session.sample().foregroundProcessId() == pid) {
                        return;
                    }
                } catch (X11Refusal noActiveWindowYet) {
                    // the window manager has not activated any window yet
                }
                for (String window : visibleWindowsOf(pid)) {
                    Process activate = new ProcessBuilder("xdotool", "windowactivate", "--sync", window)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
                    if (!activate.waitFor(5, TimeUnit.SECONDS)) {
                        activate.destroyForcibly();
                    }
                }
                Thread.sleep(100);
            }
        }
        fail("the window of process " + pid + " never became the active window (visible windows "
                + visibleWindowsOf(pid) + "; window manager: " + windowManager() + ")");
    }

    /** What the root window says about the window manager, for failure messages. */
    private static String windowManager() throws Exception {
        Process xprop = new ProcessBuilder("xprop", "-root", "_NET_SUPPORTING_WM_CHECK", "_NET_ACTIVE_WINDOW")
                .redirectErrorStream(true)
                .start();
        String answer = new String(xprop.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        xprop.waitFor(5, TimeUnit.SECONDS);
        return answer.replace('\n', ' ');
    }

    private static List<String> visibleWindowsOf(long pid) throws Exception {
        Process search = new ProcessBuilder("xdotool", "search", "--onlyvisible", "--pid", Long.toString(pid))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String windows = new String(search.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        search.waitFor(5, TimeUnit.SECONDS);
        return windows.isEmpty() ? List.of() : List.of(windows.split("\\s+"));
    }

    /** The sentinel's hash once the window manager has activated and focused the new window (bounded wait). */
    static String settledContextHash(LinuxExecutor executor) throws Exception {
        long until = System.currentTimeMillis() + 10_000;
        while (true) {
            try {
                return executor.sharedDesktopContextHash(new CancellationToken(), deadline());
            } catch (ExecutorException notYet) {
                if (System.currentTimeMillis() > until) {
                    return fail("the shared desktop context never settled", notYet);
                }
                Thread.sleep(50);
            }
        }
    }

    /** SHA-256 of an element's text as the executor reads it over AT-SPI (its observation's {@code value_hash}). */
    static String valueHash(LinuxExecutor executor, TargetRef element) throws Exception {
        JsonValue.JsonObject state = (JsonValue.JsonObject)
                executor.observe(element, new CancellationToken(), deadline()).state();
        return ((JsonValue.JsonString) state.members().get("value_hash")).value();
    }

    static SemanticElement find(SemanticObservation observation, Predicate<SemanticElement> wanted) {
        List<SemanticElement> matches =
                observation.elements().stream().filter(wanted).toList();
        if (matches.size() != 1) {
            fail("expected one matching element, found " + matches.size());
        }
        return matches.get(0);
    }

    static Predicate<SemanticElement> role(String role) {
        return element -> element.role().equals(role);
    }

    static Predicate<SemanticElement> roleAndName(String role, String name) {
        return element -> element.role().equals(role) && name.equals(element.name());
    }
}

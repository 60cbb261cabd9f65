package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.awaitility.core.ConditionTimeoutException;
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
    static SurfaceDescriptor surfaceOf(LinuxExecutor executor, long pid) {
        return await("a surface of process " + pid + " appears")
                .atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(100))
                // the desktop may still be starting the application
                .ignoreExceptionsInstanceOf(ExecutorException.class)
                .until(
                        () -> executor.listSurfaces(new CancellationToken(), deadline()).stream()
                                .filter(surface -> surface.processId() == pid)
                                .findFirst(),
                        Optional::isPresent)
                .orElseThrow();
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

    private static Settled settled(LinuxExecutor executor, long x, long y) {
        return await("the screen around (" + x + ", " + y + ") settles")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                // a resolve refused while the screen changes around the point (the timeout names the last refusal)
                .ignoreExceptionsInstanceOf(ScreenChanging.class)
                .until(() -> settledOnce(executor, x, y), Objects::nonNull);
    }

    /** A resolve refused because the screen around the point changed since it was observed. */
    private static final class ScreenChanging extends Exception {
        private static final long serialVersionUID = 1L;

        ScreenChanging(ExecutorException refusal) {
            super(refusal.getMessage(), refusal);
        }
    }

    /** The point observed and resolved once: only a refused resolve is waited out, a failed observation fails. */
    private static Settled settledOnce(LinuxExecutor executor, long x, long y)
            throws ExecutorException, ScreenChanging {
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
            throw new ScreenChanging(changing);
        }
    }

    /** Observes the process's surface until an element matches (the toolkit fills its tree lazily). */
    static SemanticObservation observeUntil(LinuxExecutor executor, long pid, Predicate<SemanticElement> wanted) {
        return await("the observation of process " + pid + " contains the wanted element")
                .atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(100))
                // the window is still settling (surfaceOf ignores its own refusals and fails on its own timeout)
                .ignoreExceptionsInstanceOf(ExecutorException.class)
                .until(
                        () -> executor.observeSurface(
                                surfaceOf(executor, pid).surface(), new CancellationToken(), deadline()),
                        observation -> observation.elements().stream().anyMatch(wanted));
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
        return await("the moved window's old reference is refused")
                .atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> refusal(call), Optional::isPresent)
                .orElseThrow();
    }

    private static Optional<ExecutorException> refusal(Refusable call) {
        try {
            call.call();
            return Optional.empty();
        } catch (ExecutorException refused) {
            return Optional.of(refused);
        }
    }

    /**
     * Brings the process's window to the foreground and waits (bounded) until the X server says it is active:
     * a window manager focuses new windows asynchronously, and on a loaded machine well after their
     * accessibility tree is readable.
     */
    static void bringToFront(long pid) throws Exception {
        try (X11Session session = X11Session.open(environment(false))) {
            await("the window of process " + pid + " becomes the active window")
                    .atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> activeOrActivated(session, pid));
        } catch (ConditionTimeoutException never) {
            // what the desktop shows at the timeout, which the alias alone does not say
            fail(
                    "the window of process " + pid + " never became the active window (visible windows "
                            + visibleWindowsOf(pid) + "; window manager: " + windowManager() + ")",
                    never);
        }
    }

    /** Whether the process's window is the active window; when it is not, asks for it to be activated. */
    private static boolean activeOrActivated(X11Session session, long pid) throws Exception {
        try {
            if (session.sample().foregroundProcessId() == pid) {
                return true;
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
        return false;
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
    static String settledContextHash(LinuxExecutor executor) {
        return await("the shared desktop context settles")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                // not yet settled (the timeout names the last refusal)
                .ignoreExceptionsInstanceOf(ExecutorException.class)
                .until(() -> executor.sharedDesktopContextHash(new CancellationToken(), deadline()), Objects::nonNull);
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

package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Paced input on a real X server, read back by {@code xev}: a paced drag or move goes along its signed steps, a
 * chord's modifier release takes a held Ctrl out of it or lets it go afterwards, a key delay spreads the chord out,
 * and a paced drag stopped half way does not leave its button down.
 */
class PacedInputDesktopTest {

    @TempDir
    Path screenshots;

    @AfterEach
    void letGoOfCtrl() throws Exception {
        XevWindow.run("xdotool", "keyup", "ctrl"); // a failed test must not leave Ctrl held for the next one
    }

    private static void dispatch(LinuxExecutor executor, Action action, ResolvedTarget target) throws Exception {
        executor.dispatch(action, target, new VerificationPolicy.None(), new CancellationToken(), Desktop.deadline());
    }

    private static List<XevWindow.Event> awaitEvents(
            XevWindow xev, int skip, String what, Predicate<List<XevWindow.Event>> arrived) {
        return await(what)
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> xev.eventsAfter(skip), arrived);
    }

    private static boolean has(List<XevWindow.Event> events, String type, String keysym) {
        return events.stream().anyMatch(e -> e.type().equals(type) && keysym.equals(e.keysym()));
    }

    private static List<XevWindow.Event> heldMotions(List<XevWindow.Event> events) {
        return events.stream()
                .filter(e -> e.type().equals("MotionNotify") && e.held(XevWindow.BUTTON1))
                .toList();
    }

    /** Drags inside the window from (50, 50) to (250, 150) and returns the events up to the button's release. */
    private static List<XevWindow.Event> drag(LinuxExecutor executor, XevWindow xev, Long durationMs, Long steps)
            throws Exception {
        int[] from = xev.at(50, 50);
        int[] to = xev.at(250, 150);
        int skip = xev.events().size();
        TargetRef.Coordinates destination = Desktop.settledPoint(executor, to[0], to[1]);
        dispatch(
                executor,
                new Action.Drag(destination, MouseButton.LEFT, durationMs, steps),
                Desktop.settledTarget(executor, from[0], from[1]));
        return awaitEvents(
                xev,
                skip,
                "the drag's button release",
                events -> events.stream().anyMatch(e -> e.type().equals("ButtonRelease")));
    }

    /**
     * The motions lie on the path's points ({@code fromX} plus whole multiples of {@code stepX}), never go back, and
     * the last is the destination. The server stamps a motion with the pointer's position when it delivers it, which
     * on a busy server may already be the next step's, so two motions may report one point.
     */
    private static void assertAlongThePath(List<XevWindow.Event> motions, int fromX, int stepX, int[] to) {
        for (int i = 0; i < motions.size(); i++) {
            XevWindow.Event motion = motions.get(i);
            assertEquals(0, (motion.rootX() - fromX) % stepX, () -> "off the path: " + motions);
            if (i > 0) {
                assertTrue(motion.rootX() >= motions.get(i - 1).rootX(), () -> "the path went back: " + motions);
            }
        }
        XevWindow.Event last = motions.get(motions.size() - 1);
        assertEquals(List.of(to[0], to[1]), List.of(last.rootX(), last.rootY()), "the path ends at the destination");
    }

    @Test
    void aPacedDragGoesAlongItsSignedStepsWithTheButtonHeld() throws Exception {
        try (XevWindow xev = XevWindow.open("praefectus-paced-drag");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            int[] to = xev.at(250, 150);

            List<XevWindow.Event> unpaced = heldMotions(drag(executor, xev, null, null));
            assertEquals(2, unpaced.size(), "the reference's drag: the midpoint, then the destination");

            List<XevWindow.Event> stepped = heldMotions(drag(executor, xev, null, 10L));
            assertEquals(10, stepped.size(), "one motion per signed step");
            assertAlongThePath(stepped, xev.at(50, 50)[0], 20, to);

            // a duration without steps moves about every 16 ms: 160 ms is ten motions
            assertEquals(10, heldMotions(drag(executor, xev, 160L, null)).size());
        }
    }

    @Test
    void aPacedMoveStartsWhereThePointerIs() throws Exception {
        try (XevWindow xev = XevWindow.open("praefectus-paced-move");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            int[] start = xev.at(20, 20);
            int[] end = xev.at(220, 120);
            dispatch(executor, new Action.Move(), Desktop.settledTarget(executor, start[0], start[1]));
            int skip = awaitEvents(
                            xev,
                            0,
                            "the pointer at the start",
                            events -> events.stream().anyMatch(e -> e.rootX() == start[0] && e.rootY() == start[1]))
                    .size();

            dispatch(executor, new Action.Move(100L, 4L), Desktop.settledTarget(executor, end[0], end[1]));

            List<XevWindow.Event> motions = awaitEvents(
                            xev,
                            skip,
                            "the pointer at the end",
                            events -> events.stream().anyMatch(e -> e.rootX() == end[0] && e.rootY() == end[1]))
                    .stream()
                    .filter(e -> e.type().equals("MotionNotify"))
                    .toList();
            assertEquals(4, motions.size(), "one motion per signed step");
            assertAlongThePath(motions, start[0], 50, end);
        }
    }

    /** Holds Ctrl down from another client (xdotool), as a person would; returns how many events came before. */
    private static int holdCtrl(XevWindow xev) throws Exception {
        XevWindow.run("xdotool", "keydown", "ctrl");
        return awaitEvents(xev, 0, "Ctrl held", events -> has(events, "KeyPress", "Control_L"))
                .size();
    }

    @Test
    void releaseBeforeTakesAHeldCtrlOutOfTheChord() throws Exception {
        try (XevWindow xev = XevWindow.open("praefectus-release-before");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            int skip = holdCtrl(xev);
            dispatch(executor, new Action.Hotkey(List.of("a")), new ResolvedTarget.None());
            List<XevWindow.Event> joined = awaitEvents(xev, skip, "a pressed", e -> has(e, "KeyPress", "a"));
            assertTrue(
                    joined.stream().filter(e -> "a".equals(e.keysym())).allMatch(e -> e.held(XevWindow.CONTROL)),
                    "without the release the held Ctrl joins the chord: Ctrl+A");

            skip = xev.events().size();
            dispatch(executor, new Action.Hotkey(List.of("a"), null, true, false), new ResolvedTarget.None());
            List<XevWindow.Event> released = awaitEvents(xev, skip, "a pressed", e -> has(e, "KeyPress", "a"));
            assertEquals("KeyRelease", released.get(0).type());
            assertEquals("Control_L", released.get(0).keysym(), "Ctrl is released first");
            assertTrue(
                    released.stream().filter(e -> "a".equals(e.keysym())).noneMatch(e -> e.held(XevWindow.CONTROL)),
                    "the chord is A alone");
        }
    }

    @Test
    void releaseAfterLetsGoOfAModifierStillHeld() throws Exception {
        try (XevWindow xev = XevWindow.open("praefectus-release-after");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            int skip = holdCtrl(xev);
            dispatch(executor, new Action.Hotkey(List.of("b"), null, false, true), new ResolvedTarget.None());
            List<XevWindow.Event> events =
                    awaitEvents(xev, skip, "Ctrl released", e -> has(e, "KeyRelease", "Control_L"));
            int releaseB = events.indexOf(events.stream()
                    .filter(e -> e.type().equals("KeyRelease") && "b".equals(e.keysym()))
                    .findFirst()
                    .orElseThrow());
            XevWindow.Event last = events.get(events.size() - 1);
            assertEquals("Control_L", last.keysym());
            assertTrue(events.indexOf(last) > releaseB, "Ctrl is let go after the chord");
        }
    }

    @Test
    void aKeyDelaySpreadsTheChordsKeyEventsOut() throws Exception {
        try (XevWindow xev = XevWindow.open("praefectus-key-delay");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            dispatch(executor, new Action.Hotkey(List.of("shift", "c"), 200L, false, false), new ResolvedTarget.None());
            List<XevWindow.Event> keys = awaitEvents(
                            xev,
                            0,
                            "the chord's four key events",
                            events -> events.stream()
                                            .filter(e -> e.type().startsWith("Key"))
                                            .count()
                                    == 4)
                    .stream()
                    .filter(e -> e.type().startsWith("Key"))
                    .toList();
            assertEquals(
                    List.of("KeyPress", "KeyPress", "KeyRelease", "KeyRelease"),
                    keys.stream().map(XevWindow.Event::type).toList());
            // a lower bound only, which a slow machine cannot break: the three pauses of 200 ms lie between the
            // first and the last event; half of them is allowed for the server stamping the first one late
            assertTrue(keys.get(3).time() - keys.get(0).time() >= 300, () -> "the chord took " + keys);
        }
    }

    @Test
    void aPacedDragStoppedHalfWayDoesNotLeaveItsButtonDown() throws Exception {
        try (XevWindow xev = XevWindow.open("praefectus-stopped-drag");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            int[] from = xev.at(20, 20);
            int[] to = xev.at(380, 280);
            TargetRef.Coordinates destination = Desktop.settledPoint(executor, to[0], to[1]);
            ResolvedTarget start = Desktop.settledTarget(executor, from[0], from[1]);
            CancellationToken cancellation = new CancellationToken();
            CompletableFuture<DispatchException> drag = CompletableFuture.supplyAsync(() -> assertThrows(
                    DispatchException.class,
                    () -> executor.dispatch(
                            new Action.Drag(destination, MouseButton.LEFT, 8_000L, 400L),
                            start,
                            new VerificationPolicy.None(),
                            cancellation,
                            Desktop.deadline())));

            awaitEvents(
                    xev, 0, "the drag under way", events -> heldMotions(events).size() >= 3);
            cancellation.cancel();
            DispatchException stopped = drag.get();

            assertEquals(EffectKnowledge.UNKNOWN, stopped.effect(), "stopped after its first event: ambiguous");
            List<XevWindow.Event> events = awaitEvents(
                    xev,
                    0,
                    "the button released",
                    e -> e.stream().anyMatch(v -> v.type().equals("ButtonRelease")));
            assertTrue(heldMotions(events).size() < 400, "the drag did not run to its end");
        }
    }
}

package org.praefectus.nativecore.desktop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.nativecore.RecordedObservation;
import org.praefectus.nativecore.TestObservations;

/**
 * The half of the desktop port macOS and Windows share, over a platform of plain records: windows listed in order
 * without an exited owner, and recorded elements found again, read and their text read only while their fingerprint
 * is the observed one.
 */
class RecordedDesktopPortTest {

    private static final String OBSERVATION_ID = "a".repeat(64);
    private static final CancellationToken GO = new CancellationToken();
    private static final String FIRST = SemanticObservation.tag(0);
    private static final String PASSWORD = SemanticObservation.tag(1);
    private static final String TEXTLESS = SemanticObservation.tag(2);
    private static final String UNKNOWN = SemanticObservation.tag(9);

    /** A window record: an exited owner cannot be described; an unobservable window has no surface. */
    record Shown(long number, String title, String app, boolean exited, boolean observable) {}

    /** An element's record: its key in the window and the fingerprint observed. */
    record Kept(String key, String fingerprint) {}

    /** An element as the window holds it now. */
    record Node(String fingerprint, String text, boolean password) {}

    /** A platform of plain records: windows, one recorded observation, its window's elements by key now. */
    static final class PlainPort extends RecordedDesktopPort<String, Kept, Map<String, Node>, Node> {

        final List<Shown> shown = new ArrayList<>();
        final Map<String, RecordedObservation<String, Kept>> records = new HashMap<>();
        final Map<String, Map<String, Node>> open = new HashMap<>();
        /** The answers of the access checks to come; once empty, access is granted. */
        final Deque<Boolean> access = new ArrayDeque<>();

        long[] pointer = {3, 4};

        @Override
        public Executor executor() {
            throw new UnsupportedOperationException("not dispatched to here");
        }

        @Override
        public String backend() {
            return "plain";
        }

        @Override
        public String keyboardRoute() {
            return "plain";
        }

        @Override
        protected void requireAccess() throws ExecutorException {
            if (!access.isEmpty() && !access.pop()) {
                throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "no access");
            }
        }

        @Override
        protected List<DesktopWindow> listWindows() {
            return listed(shown, (record, frontmost) -> {
                if (record.exited()) {
                    throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "exited");
                }
                return window(
                        Long.toString(record.number()),
                        record.title(),
                        record.app(),
                        new Rect(0, 0, 100, 100),
                        frontmost,
                        "unknown",
                        record.number() * 10,
                        record.observable() ? "surface-" + record.number() : null);
            });
        }

        @Override
        protected RecordedObservation<String, Kept> recorded(String observationId) {
            return records.get(observationId);
        }

        @Override
        protected Optional<Map<String, Node>> liveWindow(RecordedObservation<String, Kept> record) {
            return Optional.ofNullable(open.get(record.window()));
        }

        @Override
        protected Optional<Node> liveElement(Map<String, Node> window, Kept recorded) {
            return Optional.ofNullable(window.get(recorded.key()))
                    .filter(node -> node.fingerprint().equals(recorded.fingerprint()));
        }

        @Override
        protected ElementReading reading(RecordedObservation<String, Kept> record, Kept recorded, Node live) {
            return new ElementReading(
                    record.window() + "/" + recorded.key(),
                    live.password() ? List.of("enabled", ElementReading.PASSWORD) : List.of("enabled"),
                    new ReadBack(
                            live.password() ? null : live.text(),
                            null,
                            null,
                            null,
                            null,
                            null,
                            null,
                            false,
                            false,
                            null,
                            true,
                            true));
        }

        @Override
        protected boolean password(Node live) {
            return live.password();
        }

        @Override
        protected String textOf(Node live) {
            return live.text();
        }

        @Override
        protected long[] pointerNow() {
            return pointer;
        }
    }

    /** A port holding one observation of window "w1": a text field, a password field and a textless one (keys k0…k2). */
    private static PlainPort port() {
        PlainPort port = new PlainPort();
        List<SemanticElement> elements = new ArrayList<>();
        Map<String, Kept> kept = new HashMap<>();
        for (int i = 0; i < 3; i++) {
            String elementId = SemanticObservation.opaqueElementId(OBSERVATION_ID, Integer.toString(i));
            elements.add(new SemanticElement(
                    SemanticObservation.tag(i),
                    elementId,
                    null,
                    Integer.toString(i).repeat(64),
                    "text",
                    "field " + i,
                    new Rect(10, 10 + 30 * i, 80, 24),
                    new Actionability(true, true, true, true, true, true, false)));
            kept.put(elementId, new Kept("k" + i, "f" + i));
        }
        SemanticObservation observation = TestObservations.of(OBSERVATION_ID, "w1", "d".repeat(64), elements);
        port.records.put(OBSERVATION_ID, new RecordedObservation<>(observation, "w1", kept));
        port.open.put(
                "w1",
                new HashMap<>(Map.of(
                        "k0", new Node("f0", "Draft", false),
                        "k1", new Node("f1", "hunter2", true),
                        "k2", new Node("f2", null, false))));
        return port;
    }

    private static long deadline() {
        return System.currentTimeMillis() + 60_000;
    }

    private static ExecutorFailure failure(Executable call) {
        return assertThrows(ExecutorException.class, call).failure();
    }

    @Test
    void windowsAreListedInTheirOrderWithoutAnExitedOwnerTheFirstListedFrontmost() throws Exception {
        PlainPort port = port();
        port.shown.addAll(List.of(
                new Shown(1, "Gone", "gone", true, true),
                new Shown(2, null, null, false, false),
                new Shown(3, "Notes", "editor", false, true)));

        List<DesktopWindow> windows = port.windows(GO, deadline());

        assertEquals(List.of("2", "3"), windows.stream().map(DesktopWindow::id).toList());
        DesktopWindow untitled = windows.get(0);
        assertTrue(untitled.focused());
        assertEquals("", untitled.title());
        assertEquals("", untitled.appId());
        assertFalse(untitled.accessible());
        assertNull(untitled.surfaceId());
        DesktopWindow notes = windows.get(1);
        assertFalse(notes.focused());
        assertTrue(notes.accessible());
        assertEquals("surface-3", notes.surfaceId());
        assertEquals("plain", notes.backend());
        assertEquals(30, notes.processId());
    }

    @Test
    void windowsAreNeitherListedWithoutAccessNorPastTheDeadline() {
        PlainPort port = port();
        port.shown.add(new Shown(1, "Notes", "editor", false, true));
        port.access.push(false);

        assertEquals(ExecutorFailure.UNAVAILABLE, failure(() -> port.windows(GO, deadline())));
        assertEquals(ExecutorFailure.EXPIRED, failure(() -> port.windows(GO, System.currentTimeMillis() - 1)));
    }

    @Test
    void anObservationIsFoundOnlyWhileTheExecutorHoldsIt() {
        PlainPort port = port();

        assertEquals(
                OBSERVATION_ID, port.observation(OBSERVATION_ID).orElseThrow().observationId());
        assertTrue(port.observation("f".repeat(64)).isEmpty());
    }

    @Test
    void aReadAnswersOnlyTheAskedElementsStillThereWithTheirObservedFingerprint() throws Exception {
        PlainPort port = port();
        port.open.get("w1").put("k1", new Node("changed", "hunter2", true));
        port.open.get("w1").remove("k2");

        Map<String, ElementReading> now =
                port.read(OBSERVATION_ID, Set.of(FIRST, PASSWORD, TEXTLESS, UNKNOWN), GO, deadline());

        assertEquals(Set.of(FIRST), now.keySet());
        assertEquals("w1/k0", now.get(FIRST).id());
        assertEquals("Draft", now.get(FIRST).readBack().text());
        assertEquals(
                Set.of(), port.read(OBSERVATION_ID, Set.of(), GO, deadline()).keySet());
    }

    @Test
    void aClosedWindowReadsAsNothingAndAnObservationNotHeldIsStale() throws Exception {
        PlainPort port = port();
        port.open.clear();

        assertEquals(Map.of(), port.read(OBSERVATION_ID, Set.of(FIRST), GO, deadline()));
        assertEquals(
                ExecutorFailure.STALE_TARGET, failure(() -> port.read("f".repeat(64), Set.of(FIRST), GO, deadline())));
        assertEquals(ExecutorFailure.STALE_TARGET, failure(() -> port.text("f".repeat(64), FIRST, GO, deadline())));
    }

    @Test
    void accessWithdrawnDuringAReadIsNoAnswerRatherThanAPartialOne() {
        PlainPort port = port();
        port.access.addAll(List.of(true, false));

        assertEquals(
                ExecutorFailure.UNAVAILABLE, failure(() -> port.read(OBSERVATION_ID, Set.of(FIRST), GO, deadline())));
    }

    @Test
    void anElementsTextIsReadButNeverAPasswordFieldsAndAGoneOrTextlessOneIsNotFound() throws Exception {
        PlainPort port = port();

        assertEquals("Draft", port.text(OBSERVATION_ID, FIRST, GO, deadline()));
        ExecutorException password =
                assertThrows(ExecutorException.class, () -> port.text(OBSERVATION_ID, PASSWORD, GO, deadline()));
        assertEquals(ExecutorFailure.INVALID_REQUEST, password.failure());
        assertFalse(password.getMessage().contains("hunter2"));
        assertEquals(
                ExecutorFailure.TARGET_NOT_FOUND, failure(() -> port.text(OBSERVATION_ID, TEXTLESS, GO, deadline())));
        assertEquals(
                ExecutorFailure.TARGET_NOT_FOUND, failure(() -> port.text(OBSERVATION_ID, UNKNOWN, GO, deadline())));

        port.open.get("w1").put("k0", new Node("changed", "Draft", false));
        assertEquals(ExecutorFailure.TARGET_NOT_FOUND, failure(() -> port.text(OBSERVATION_ID, FIRST, GO, deadline())));
        port.open.clear();
        assertEquals(ExecutorFailure.TARGET_NOT_FOUND, failure(() -> port.text(OBSERVATION_ID, FIRST, GO, deadline())));
    }

    @Test
    void thePointerIsACopyOfTwoCoordinatesOrUnavailable() throws Exception {
        PlainPort port = port();
        long[] at = port.pointer();
        at[0] = 99;

        assertArrayEquals(new long[] {3, 4}, port.pointer());
        port.pointer = null;
        assertEquals(ExecutorFailure.UNAVAILABLE, failure(port::pointer));
        port.pointer = new long[] {1, 2, 3};
        assertEquals(ExecutorFailure.UNAVAILABLE, failure(port::pointer));
    }
}

package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.macos.quartz.InputEvent;

/**
 * Input routes: keyboard and wheel to the fenced element's process only, the page-scroll action without
 * any input, global pointer input only with the opt-in, and nothing at all when a route is refused.
 */
class InputRouteTest {

    @TempDir
    Path directory;

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static void dispatch(MacTesting mac, Action action, ResolvedTarget target) throws DispatchException {
        mac.executor.dispatch(action, target, NONE, new CancellationToken(), MacTesting.deadline());
    }

    private static ResolvedTarget element(SemanticTargetRef target) {
        return new ResolvedTarget.Semantic(target);
    }

    @Test
    void typingGoesToTheTextEditProcessAloneInChunksOfTwentyUnits() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit", "finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        String text = "Praefectus research notes, typed to one process.";

        dispatch(
                mac,
                new Action.TypeText(text, false, true, null),
                element(observation.target(MacTesting.tag(observation, "AXTextArea", null))));

        List<FakeDesktop.Effect> posted = desktop.effects("post_to_pid");
        assertTrue(posted.stream().allMatch(e -> e.processId() == 512));
        assertEquals(List.of(), desktop.effects("post_global"));
        StringBuilder typed = new StringBuilder();
        for (FakeDesktop.Effect effect : posted) {
            if (effect.detail() instanceof InputEvent.Unicode unicode) {
                typed.append(unicode.text());
            }
        }
        assertEquals(text, typed.toString());
        // three unicode chunks, then return down and up
        assertEquals(5, posted.size());
        assertEquals(new InputEvent.Key(36, false, 0), posted.get(4).detail());
    }

    @Test
    void typingIntoAnElementWithoutItsApplicationsKeyboardFocusHasNoEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.TypeText("query", false, false, null),
                        element(observation.target(MacTesting.tag(observation, "AXTextField", "search")))));

        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void keyboardInputWithoutAnElementHasNoProcessAndIsRefusedBeforeAnyEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(mac, new Action.Press("return", 1, null), new ResolvedTarget.None()));

        assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void keyboardInputWithoutAnElementIsNotSentGloballyEvenWithTheOptIn() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(mac, new Action.Press("return", 1, null), new ResolvedTarget.None()));

        // the capability says per_process_event: a global post would be a route the receipt misreports
        assertEquals(FailureCode.UNSUPPORTED, refused.code());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aHotkeyHoldsItsModifiersAndReleasesThemInReverse() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        dispatch(
                mac,
                new Action.Hotkey(List.of("command", "shift", "z")),
                element(observation.target(MacTesting.tag(observation, "AXTextArea", null))));

        assertEquals(
                List.of(
                        new InputEvent.Key(55, true, 0x100000L),
                        new InputEvent.Key(56, true, 0x120000L),
                        new InputEvent.Key(6, true, 0x120000L),
                        new InputEvent.Key(6, false, 0x120000L),
                        new InputEvent.Key(56, false, 0x100000L),
                        new InputEvent.Key(55, false, 0)),
                desktop.effects("post_to_pid").stream()
                        .map(FakeDesktop.Effect::detail)
                        .toList());
    }

    @Test
    void anUnknownKeyIsRefusedBeforeAnyEvent() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.Hotkey(List.of("command", "hyper")),
                        element(observation.target(MacTesting.tag(observation, "AXTextArea", null)))));

        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aPacedChordIsRefusedUnsupportedBeforeAnyEvent() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.Hotkey(List.of("command", "s"), 30L, false, false),
                        element(observation.target(MacTesting.tag(observation, "AXTextArea", null)))));

        assertEquals(FailureCode.UNSUPPORTED, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void scrollUsesThePageActionWhenTheLiveElementAdvertisesItAndSynthesizesNothing() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        dispatch(
                mac,
                new Action.Scroll(Direction.DOWN, 2),
                element(observation.target(MacTesting.tag(observation, "AXScrollArea", "files"))));

        assertEquals(2, desktop.effects("perform").size());
        assertTrue(desktop.effects("perform").get(0).detail().toString().startsWith("AXScrollDownByPage"));
        assertEquals(List.of(), desktop.effects("post_to_pid"));
        assertEquals(List.of(), desktop.effects("post_global"));
    }

    @Test
    void scrollFallsBackToWheelEventsForTheElementsProcessAtItsCentre() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        dispatch(
                mac,
                new Action.Scroll(Direction.UP, 1),
                element(observation.target(MacTesting.tag(observation, "AXScrollArea", null))));

        assertEquals(List.of(), desktop.effects("perform"));
        assertEquals(
                List.of(new FakeDesktop.Effect(
                        "post_to_pid", 512, new InputEvent.Wheel(600, 414, InputDispatch.WHEEL_LINES_PER_STEP, 0))),
                desktop.effects);
    }

    @Test
    void aCoordinateClickWithoutTheGlobalInputOptInHasNoEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        CoordinateObservation coordinates =
                mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());
        TargetRef.Coordinates point = point(coordinates, 300, 300);

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.Click(MouseButton.LEFT, 1, false),
                        mac.executor.resolve(point, new CancellationToken(), MacTesting.deadline())));

        assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aCoordinateClickWithTheOptInIsGlobalPointerInput() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        CoordinateObservation coordinates =
                mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());
        TargetRef.Coordinates point = point(coordinates, 300, 300);

        dispatch(
                mac,
                new Action.Click(MouseButton.LEFT, 2, false),
                mac.executor.resolve(point, new CancellationToken(), MacTesting.deadline()));

        assertEquals(
                List.of(
                        new InputEvent.Mouse(1, 300, 300, 0, 1),
                        new InputEvent.Mouse(2, 300, 300, 0, 1),
                        new InputEvent.Mouse(1, 300, 300, 0, 2),
                        new InputEvent.Mouse(2, 300, 300, 0, 2)),
                desktop.effects("post_global").stream()
                        .map(FakeDesktop.Effect::detail)
                        .toList());
        assertEquals(List.of(), desktop.effects("post_to_pid"));
    }

    @Test
    void aClickOnAnElementIsNotOffered() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation observation = mac.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.Click(MouseButton.LEFT, 1, false),
                        element(observation.target(MacTesting.tag(observation, "AXButton", "Back")))));

        assertEquals(FailureCode.UNSUPPORTED, refused.code());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void cancellationBetweenChunksAfterTheFirstIsAnUnknownOutcome() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        CancellationToken token = new CancellationToken();
        desktop.onEffect = token::cancel;

        DispatchException unknown = assertThrows(
                DispatchException.class,
                () -> mac.executor.dispatch(
                        new Action.TypeText("x".repeat(45), false, false, null),
                        element(observation.target(MacTesting.tag(observation, "AXTextArea", null))),
                        NONE,
                        token,
                        MacTesting.deadline()));

        // the first chunk reached the process, the second was never posted
        assertEquals(EffectKnowledge.UNKNOWN, unknown.effect());
        assertEquals(1, desktop.effects("post_to_pid").size());
    }

    static TargetRef.Coordinates point(CoordinateObservation observation, long x, long y) {
        return new TargetRef.Coordinates(
                x,
                y,
                observation.displays().get(0).displayId(),
                observation.displayGeometryHash(),
                observation.snapshotId(),
                observation.snapshotContentHash());
    }
}

package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.windows.uia.WinInput;

/** Keyboard input at an element: fenced, focused through UIA first, never into whatever else holds the focus. */
class KeyboardFocusTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    @TempDir
    Path directory;

    @Test
    void typingAtAnUnfocusedFieldFocusesItThroughUiAutomationBeforeTheFirstKey() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation observation = win.observe();

        win.dispatch(
                new Action.TypeText("a", false, false, null), WinTesting.target(observation, "edit", "Server"), NONE);

        assertEquals(
                List.of(
                        new FakeWindows.Effect("set_focus", "Server"),
                        new FakeWindows.Effect("send_input", new WinInput.Unicode('a', true)),
                        new FakeWindows.Effect("send_input", new WinInput.Unicode('a', false))),
                desktop.effects);
    }

    @Test
    void aFieldThatDoesNotTakeTheFocusGetsNoKeys() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        desktop.front().refusesFocus = true;
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation observation = win.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.Press("tab", 1, null), WinTesting.target(observation, "edit", "Server"), NONE));

        assertEquals(FailureCode.STALE_TARGET, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(new FakeWindows.Effect("set_focus", "Server")), desktop.effects);
    }

    @Test
    void keysNeverGoToTheFocusOfAnotherForegroundWindow() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog", "notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation dialog = win.observe();
        // Notepad comes to the front; the dialog's field takes its own window's focus but not the foreground
        java.util.Collections.swap(desktop.processes, 0, 1);

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.TypeText("secret", false, false, null),
                        WinTesting.target(dialog, "edit", "Server"),
                        NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects("send_input"));
    }

    @Test
    void anUnknownKeyIsRefusedBeforeTheFocusMoves() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation observation = win.observe();

        assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.Hotkey(List.of("ctrl", "hyper")),
                        WinTesting.target(observation, "edit", "Server"),
                        NONE));

        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aDisabledElementGetsNeitherFocusNorKeys() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation observation = win.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.Press("return", 1, null), WinTesting.target(observation, "button", "Apply"), NONE));

        assertEquals(FailureCode.STALE_TARGET, refused.code());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void keyboardInputAtACoordinateGoesToTheFocusOnlyWhileTheScreenIsAsObserved() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        CoordinateObservation coordinates =
                win.executor.observeCoordinates(new CancellationToken(), WinTesting.deadline());
        TargetRef.Coordinates point = new TargetRef.Coordinates(
                400,
                300,
                coordinates.displays().get(0).displayId(),
                coordinates.displayGeometryHash(),
                coordinates.snapshotId(),
                coordinates.snapshotContentHash());
        ResolvedTarget resolved = win.executor.resolve(point, new CancellationToken(), WinTesting.deadline());

        win.dispatch(new Action.Press("tab", 1, null), resolved, NONE);
        assertEquals(2, desktop.effects("send_input").size());

        desktop.screen[5] = 1;
        DispatchException stale = assertThrows(
                DispatchException.class, () -> win.dispatch(new Action.Press("tab", 1, null), resolved, NONE));

        assertEquals(FailureCode.STALE_TARGET, stale.code());
        assertEquals(EffectKnowledge.NO_EFFECT, stale.effect());
        assertEquals(2, desktop.effects("send_input").size());
    }
}

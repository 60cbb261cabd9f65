package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** InvokePattern, ValuePattern and one-step ScrollPattern: chosen only when UIA reports them live. */
class PatternDispatchTest {

    @TempDir
    Path directory;

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static VerificationPolicy valueHash(String value) {
        return new VerificationPolicy.TargetValueHash(Sha256.hex(value.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void invokeCallsTheInvokePatternOfThatButtonAndSendsNoInput() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();

        win.dispatch(new Action.Invoke(), WinTesting.target(observation, "button", "OK"), NONE);

        assertEquals(List.of(new FakeWindows.Effect("invoke", "OK")), desktop.effects);
    }

    @Test
    void anElementWithoutTheInvokePatternIsNeverClicked() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.Invoke(), WinTesting.target(observation, "check_box", "Remember me"), NONE));

        assertEquals(FailureCode.UNSUPPORTED, refused.code());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void disabledAndOffscreenElementsAreRefused() throws Exception {
        FakeWindows dialog = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(dialog, directory);
        SemanticObservation observation = win.observe();
        FakeWindows browser = Fixtures.desktop("edge");
        WinTesting edge = new WinTesting(browser, directory);
        SemanticObservation page = edge.observe();

        DispatchException disabled = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.Invoke(), WinTesting.target(observation, "button", "Apply"), NONE));
        DispatchException hidden = assertThrows(
                DispatchException.class,
                () -> edge.dispatch(new Action.Invoke(), WinTesting.target(page, "button", "Below the fold"), NONE));

        assertEquals("target is disabled", disabled.getMessage());
        assertEquals("target is hidden", hidden.getMessage());
        assertEquals(List.of(), dialog.effects);
        assertEquals(List.of(), browser.effects);
    }

    @Test
    void setValueWritesThroughTheValuePatternAndTheReadBackIsHashed() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();
        ResolvedTarget server = WinTesting.target(observation, "edit", "Server");

        win.dispatch(new Action.SetValue("db.example.test"), server, valueHash("db.example.test"));

        JsonValue.JsonObject state = (JsonValue.JsonObject) win.executor
                .observe(
                        new TargetRef.Element(((ResolvedTarget.Semantic) server).target()),
                        new CancellationToken(),
                        WinTesting.deadline())
                .state();
        assertEquals(
                new JsonValue.JsonString(Sha256.hex("db.example.test".getBytes(StandardCharsets.UTF_8))),
                state.members().get("value_hash"));
        assertEquals(List.of(new FakeWindows.Effect("set_value", "Server")), desktop.effects);
    }

    @Test
    void setValueNeedsTargetValueHashAndAWritableValuePattern() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();

        DispatchException unverified = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.SetValue("x"), WinTesting.target(observation, "edit", "Server"), NONE));
        DispatchException readOnly = assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.SetValue("2.0"),
                        WinTesting.target(observation, "edit", "Version"),
                        valueHash("2.0")));

        assertEquals(EffectKnowledge.NO_EFFECT, unverified.effect());
        assertEquals(FailureCode.UNSUPPORTED, readOnly.code());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aFailingPatternCallIsAnUnknownOutcome() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();
        desktop.front().patternResult = 0x80040201;

        DispatchException unknown = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.Invoke(), WinTesting.target(observation, "button", "OK"), NONE));

        assertEquals(EffectKnowledge.UNKNOWN, unknown.effect());
    }

    @Test
    void scrollIsOneSmallStepThroughTheScrollPattern() throws Exception {
        FakeWindows desktop = Fixtures.desktop("explorer-list");
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();
        ResolvedTarget list = WinTesting.target(observation, "list", "Items View");

        win.dispatch(new Action.Scroll(Direction.DOWN, 1), list, NONE);
        DispatchException twoSteps = assertThrows(
                DispatchException.class, () -> win.dispatch(new Action.Scroll(Direction.UP, 2), list, NONE));
        DispatchException sideways = assertThrows(
                DispatchException.class, () -> win.dispatch(new Action.Scroll(Direction.LEFT, 1), list, NONE));

        assertEquals(
                List.of(new FakeWindows.Effect(
                        "scroll", "Items View " + PatternActions.NO_AMOUNT + " " + PatternActions.SMALL_INCREMENT)),
                desktop.effects);
        assertEquals(EffectKnowledge.NO_EFFECT, twoSteps.effect());
        assertEquals(FailureCode.UNSUPPORTED, sideways.code());
    }

    @Test
    void anElementWithoutTheScrollPatternIsNotScrolledWithTheWheel() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation observation = win.observe();

        assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.Scroll(Direction.DOWN, 1),
                        WinTesting.target(observation, "window", "Settings"),
                        NONE));

        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aTargetWhoseProcessRestartedHasNoEffect() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();
        desktop.front().creationTime += 1;

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.executor.dispatch(
                        new Action.Invoke(),
                        WinTesting.target(observation, "button", "OK"),
                        NONE,
                        new CancellationToken(),
                        WinTesting.deadline()));

        assertEquals(FailureCode.STALE_TARGET, refused.code());
        assertEquals(List.of(), desktop.effects);
    }
}

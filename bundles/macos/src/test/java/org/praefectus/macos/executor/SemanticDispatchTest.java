package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.macos.ax.AxValue;

/** invoke, set_value, select_text and perform_secondary_action over the fixtures: effects and refusals. */
class SemanticDispatchTest {

    @TempDir
    Path directory;

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static ResolvedTarget semantic(SemanticTargetRef target) {
        return new ResolvedTarget.Semantic(target);
    }

    private static VerificationPolicy valueHash(String value) {
        return new VerificationPolicy.TargetValueHash(Sha256.hex(value.getBytes(StandardCharsets.UTF_8)));
    }

    private static void dispatch(
            MacTesting mac, Action action, SemanticTargetRef target, VerificationPolicy verification)
            throws DispatchException {
        mac.executor.dispatch(action, semantic(target), verification, new CancellationToken(), MacTesting.deadline());
    }

    @Test
    void invokePressesTheFencedButtonOnceAndSynthesizesNoInput() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        dispatch(mac, new Action.Invoke(), observation.target(MacTesting.tag(observation, "AXButton", "Back")), NONE);

        assertEquals(List.of(new FakeDesktop.Effect("perform", 401, "AXPress AXButton null")), desktop.effects);
    }

    @Test
    void invokeOfAnElementWithoutTheActivationActionHasNoEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.Invoke(),
                        observation.target(MacTesting.tag(observation, "AXTextArea", null)),
                        NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(FailureCode.UNSUPPORTED, refused.code());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void invokeOfADisabledButtonHasNoEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.Invoke(),
                        observation.target(MacTesting.tag(observation, "AXButton", "Forward")),
                        NONE));

        assertEquals("target is disabled", refused.getMessage());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void anActionThatFailsAfterTheCallIsAnUnknownOutcome() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        desktop.front().performResult = -25204;

        DispatchException unknown = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.Invoke(),
                        observation.target(MacTesting.tag(observation, "AXButton", "Back")),
                        NONE));

        assertEquals(EffectKnowledge.UNKNOWN, unknown.effect());
    }

    @Test
    void setValueWritesAXValueAndTheObservationCarriesTheReadBackHash() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        SemanticTargetRef text = observation.target(MacTesting.tag(observation, "AXTextArea", null));

        dispatch(mac, new Action.SetValue("Research notes"), text, valueHash("Research notes"));

        JsonValue.JsonObject state = (JsonValue.JsonObject) mac.executor
                .observe(new TargetRef.Element(text), new CancellationToken(), MacTesting.deadline())
                .state();
        assertEquals(
                new JsonValue.JsonString(Sha256.hex("Research notes".getBytes(StandardCharsets.UTF_8))),
                state.members().get("value_hash"));
        assertEquals(List.of(new FakeDesktop.Effect("set_text", 512, "AXValue")), desktop.effects);
    }

    @Test
    void setValueWithoutTargetValueHashVerificationHasNoEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.SetValue("x"),
                        observation.target(MacTesting.tag(observation, "AXTextArea", null)),
                        NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void setValueOfAnElementWhoseValueIsNotSettableHasNoEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.SetValue("x"),
                        observation.target(MacTesting.tag(observation, "AXStaticText", null)),
                        valueHash("x")));

        assertEquals(FailureCode.UNSUPPORTED, refused.code());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void selectTextSucceedsOnlyWhenTheReadBackMatches() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        SemanticTargetRef text = observation.target(MacTesting.tag(observation, "AXTextArea", null));

        dispatch(mac, new Action.SelectText(1, 3), text, NONE);

        assertEquals(new AxValue.Range(1, 3), desktop.front().focused.attributes.get("AXSelectedTextRange"));
    }

    @Test
    void aSelectionTheApplicationIgnoredIsAnUnknownOutcome() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        SemanticTargetRef text = observation.target(MacTesting.tag(observation, "AXTextArea", null));
        desktop.front().ignoresChanges = true;

        DispatchException unknown =
                assertThrows(DispatchException.class, () -> dispatch(mac, new Action.SelectText(1, 3), text, NONE));

        assertEquals(EffectKnowledge.UNKNOWN, unknown.effect());
        assertEquals("selection read back differs from the requested range", unknown.getMessage());
    }

    @Test
    void aSelectionOutsideTheTextHasNoEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        SemanticTargetRef text = observation.target(MacTesting.tag(observation, "AXTextArea", null));

        DispatchException refused =
                assertThrows(DispatchException.class, () -> dispatch(mac, new Action.SelectText(4, 2), text, NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aSecondaryActionTheElementAdvertisesIsPerformed() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        dispatch(
                mac,
                new Action.PerformSecondaryAction("AXShowMenu"),
                observation.target(MacTesting.tag(observation, "AXMenuButton", "View")),
                NONE);

        assertEquals(List.of(new FakeDesktop.Effect("perform", 401, "AXShowMenu AXMenuButton null")), desktop.effects);
    }

    @Test
    void theActivationActionIsNeverASecondaryAction() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        SemanticTargetRef view = observation.target(MacTesting.tag(observation, "AXMenuButton", "View"));

        DispatchException press = assertThrows(
                DispatchException.class, () -> dispatch(mac, new Action.PerformSecondaryAction("AXPress"), view, NONE));
        DispatchException unlisted = assertThrows(
                DispatchException.class,
                () -> dispatch(mac, new Action.PerformSecondaryAction("AXDelete"), view, NONE));

        assertEquals("the activation action belongs to invoke", press.getMessage());
        assertEquals("secondary action is not allowlisted", unlisted.getMessage());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void raisingAWindowIsNoSecondaryActionEvenWhereItIsAdvertised() throws Exception {
        // the TextEdit window advertises AXRaise; raising is the auxiliary window action's, outside the fence
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        SemanticTargetRef window = observation.target(MacTesting.tag(observation, "AXWindow", null));

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(mac, new Action.PerformSecondaryAction("AXRaise"), window, NONE));

        assertEquals("secondary action is not allowlisted", refused.getMessage());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aSecondaryActionTheElementNoLongerAdvertisesHasNoEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        mac,
                        new Action.PerformSecondaryAction("AXIncrement"),
                        observation.target(MacTesting.tag(observation, "AXMenuButton", "View")),
                        NONE));

        assertEquals("target no longer advertises this action", refused.getMessage());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void anActivationEquivalentSecondaryActionPassesTheInvokeFence() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        SemanticTargetRef search = observation.target(MacTesting.tag(observation, "AXTextField", "search"));
        dispatch(mac, new Action.PerformSecondaryAction("AXConfirm"), search, NONE);
        assertEquals(1, desktop.effects("perform").size());

        // disabled now: AXConfirm activates like AXPress, so it is refused as invoke would be; AXCancel is not
        desktop.front().window().find("AXTextField", null).attributes.put("AXEnabled", new AxValue.Flag(false));
        SemanticObservation again = mac.observe();
        SemanticTargetRef disabled = again.target(MacTesting.tag(again, "AXTextField", "search"));
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(mac, new Action.PerformSecondaryAction("AXConfirm"), disabled, NONE));
        dispatch(mac, new Action.PerformSecondaryAction("AXCancel"), disabled, NONE);

        assertEquals("target is disabled", refused.getMessage());
        assertEquals(2, desktop.effects("perform").size());
        assertTrue(desktop.effects("perform").get(1).detail().toString().startsWith("AXCancel"));
    }

    @Test
    void aStaleTargetAtDispatchHasNoEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        SemanticTargetRef back = observation.target(MacTesting.tag(observation, "AXButton", "Back"));
        desktop.front().startMicros += 5;

        DispatchException refused =
                assertThrows(DispatchException.class, () -> dispatch(mac, new Action.Invoke(), back, NONE));

        assertEquals(FailureCode.STALE_TARGET, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
    }
}

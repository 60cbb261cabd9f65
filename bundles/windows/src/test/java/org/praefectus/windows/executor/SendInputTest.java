package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.windows.uia.WinInput;

/** SendInput only with PRAEFECTUS_ALLOW_GLOBAL_INPUT=1, never background, never per process. */
class SendInputTest {

    @TempDir
    Path directory;

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    @Test
    void typingWithoutTheOptInIsRefusedBeforeAnyInput() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory);

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.TypeText("secret", false, false, null), new ResolvedTarget.None(), NONE));

        assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void typingWithTheOptInSendsUnicodeKeystrokes() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        win.dispatch(new Action.TypeText("hé", false, true, null), new ResolvedTarget.None(), NONE);

        assertEquals(
                List.of(
                        new WinInput.Unicode('h', true),
                        new WinInput.Unicode('h', false),
                        new WinInput.Unicode('é', true),
                        new WinInput.Unicode('é', false),
                        new WinInput.Key(0x0D, true),
                        new WinInput.Key(0x0D, false)),
                desktop.effects("send_input").stream()
                        .map(FakeWindows.Effect::detail)
                        .toList());
    }

    @Test
    void aClickOnAFencedPointIsAbsoluteMouseInput() throws Exception {
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

        win.dispatch(
                new Action.Click(MouseButton.RIGHT, 1, false),
                win.executor.resolve(point, new CancellationToken(), WinTesting.deadline()),
                NONE);

        assertEquals(
                List.of(
                        new WinInput.Mouse(SendInputPlan.MOVE, 400, 300),
                        new WinInput.Mouse(0x0008, 400, 300),
                        new WinInput.Mouse(0x0010, 400, 300)),
                desktop.effects("send_input").stream()
                        .map(FakeWindows.Effect::detail)
                        .toList());
    }

    @Test
    void blockedInputIsNoEffectAndPartialInputIsUnknown() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        desktop.acceptInputs = 0;
        DispatchException blocked = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.Press("tab", 1, null), new ResolvedTarget.None(), NONE));
        desktop.acceptInputs = 1;
        DispatchException partial = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.Press("tab", 1, null), new ResolvedTarget.None(), NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, blocked.effect());
        assertEquals(EffectKnowledge.UNKNOWN, partial.effect());
    }

    @Test
    void navigationKeysAreSentAsExtendedKeysSoShiftArrowSelects() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        win.dispatch(new Action.Hotkey(List.of("shift", "left")), new ResolvedTarget.None(), NONE);

        assertEquals(
                List.of(
                        new WinInput.Key(0x10, true, false),
                        new WinInput.Key(0x25, true, true),
                        new WinInput.Key(0x25, false, true),
                        new WinInput.Key(0x10, false, false)),
                desktop.effects("send_input").stream()
                        .map(FakeWindows.Effect::detail)
                        .toList());
    }

    @Test
    void anUnknownKeyIsRefusedBeforeAnyInput() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.Hotkey(List.of("ctrl", "hyper")), new ResolvedTarget.None(), NONE));

        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aModifierReleaseIsRefusedUnsupportedBeforeAnyInput() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.Hotkey(List.of("ctrl", "s"), null, true, false), new ResolvedTarget.None(), NONE));

        assertEquals(FailureCode.UNSUPPORTED, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void capabilitiesNeverAdvertiseInputAsBackgroundOrPerProcess() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("notepad"), directory);

        Capabilities capabilities = win.executor.capabilities();
        Map<String, ActionCapability> actions =
                capabilities.actionCapabilities().stream().collect(Collectors.toMap(ActionCapability::action, a -> a));

        assertEquals(
                new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED),
                actions.get("invoke"));
        assertEquals(DeliveryRoute.TARGET_ADDRESSED, actions.get("scroll").deliveryRoute());
        for (String input : List.of("type_text", "press", "paste", "hotkey", "click", "move", "drag")) {
            assertEquals(
                    new ActionCapability(input, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE),
                    actions.get(input));
        }
        // the auxiliary host-level actions act on the whole desktop: never semantic, never background
        for (String auxiliary : List.of("application", "window", "open", "clipboard_write")) {
            assertEquals(
                    new ActionCapability(auxiliary, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE),
                    actions.get(auxiliary));
        }
        assertTrue(capabilities.actionCapabilities().stream()
                .noneMatch(a -> a.deliveryRoute() == DeliveryRoute.PER_PROCESS_EVENT));
        assertTrue(capabilities.permissions().get("private_state"));
        assertTrue(capabilities.permissions().get("coordinate_capture"));
    }
}

package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.windows.uia.ClipboardResult;
import org.praefectus.windows.uia.WinInput;

/** paste: the text onto the clipboard, read back, then Ctrl+V through SendInput, only with the opt-in. */
class ClipboardPasteTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();
    private static final List<Object> CTRL_V = List.of(
            new WinInput.Key(0x11, true),
            new WinInput.Key(0x56, true),
            new WinInput.Key(0x56, false),
            new WinInput.Key(0x11, false));

    @TempDir
    Path directory;

    private static List<Object> effects(FakeWindows desktop) {
        List<Object> effects = new ArrayList<>();
        for (FakeWindows.Effect effect : desktop.effects) {
            effects.add(effect.kind().equals("send_input") ? effect.detail() : effect);
        }
        return effects;
    }

    private static List<Object> clipboardThenCtrlV(String text) {
        List<Object> expected = new ArrayList<>();
        expected.add(new FakeWindows.Effect("clipboard_write", text));
        expected.addAll(CTRL_V);
        return expected;
    }

    @Test
    void withoutTheOptInNeitherTheClipboardNorTheKeysAreTouched() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory);

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.Paste("secret"), new ResolvedTarget.None(), NONE));

        assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
        assertEquals("before", desktop.clipboard);
    }

    @Test
    void theTextGoesOntoTheClipboardAndThenCtrlVToTheFocus() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        win.dispatch(new Action.Paste(" and more"), new ResolvedTarget.None(), NONE);

        assertEquals(clipboardThenCtrlV(" and more"), effects(desktop));
        assertEquals("Draft and more", desktop.front().window().root.find("Text editor").value);
    }

    @ParameterizedTest(name = "another program writes at sequence read {0}")
    @ValueSource(ints = {1, 2, 3})
    void aClipboardAnotherProgramChangesBeforeTheKeysGetsNoKeys(int read) throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        desktop.anotherWriterAtSequenceRead = read;
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        DispatchException refused = assertThrows(
                DispatchException.class, () -> win.dispatch(new Action.Paste("mine"), new ResolvedTarget.None(), NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(new FakeWindows.Effect("clipboard_write", "mine")), desktop.effects);
        assertEquals("Draft", desktop.front().window().root.find("Text editor").value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"UNTOUCHED", "EMPTIED"})
    void aClipboardThatCannotBeWrittenGetsNoKeys(String result) throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        desktop.clipboardWrites = ClipboardResult.valueOf(result);
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        DispatchException refused = assertThrows(
                DispatchException.class, () -> win.dispatch(new Action.Paste("mine"), new ResolvedTarget.None(), NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(new FakeWindows.Effect("clipboard_write", "mine")), desktop.effects);
    }

    @Test
    void aTextTheClipboardWouldCutAtItsNulIsRefusedBeforeAnyEffect() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.Paste("user\0name"), new ResolvedTarget.None(), NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void blockedCtrlVIsNoEffectAndAHalfPressedOneIsUnknown() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        desktop.acceptInputs = 0;
        DispatchException blocked = assertThrows(
                DispatchException.class, () -> win.dispatch(new Action.Paste("x"), new ResolvedTarget.None(), NONE));
        desktop.acceptInputs = 2;
        DispatchException partial = assertThrows(
                DispatchException.class, () -> win.dispatch(new Action.Paste("x"), new ResolvedTarget.None(), NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, blocked.effect());
        assertEquals(EffectKnowledge.UNKNOWN, partial.effect());
    }

    @Test
    void aPasteAtAnElementGivesItTheFocusFirst() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation observation = win.observe();

        win.dispatch(new Action.Paste(".example"), WinTesting.target(observation, "edit", "Server"), NONE);

        List<Object> expected = new ArrayList<>();
        expected.add(new FakeWindows.Effect("set_focus", "Server"));
        expected.addAll(clipboardThenCtrlV(".example"));
        assertEquals(expected, effects(desktop));
        assertEquals("localhost.example", desktop.front().focused.value);
    }

    @Test
    void clipboardWriteIsTheSameWriterAndSaysWhenTheClipboardIsLeftUnknown() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        win.dispatch(new Action.ClipboardWrite("copied"), new ResolvedTarget.None(), NONE);
        assertEquals("copied", desktop.clipboard);
        assertEquals(List.of(new FakeWindows.Effect("clipboard_write", "copied")), desktop.effects);

        desktop.clipboardWrites = ClipboardResult.UNTOUCHED;
        DispatchException held = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.ClipboardWrite("again"), new ResolvedTarget.None(), NONE));
        desktop.clipboardWrites = ClipboardResult.EMPTIED;
        DispatchException emptied = assertThrows(
                DispatchException.class,
                () -> win.dispatch(new Action.ClipboardWrite("again"), new ResolvedTarget.None(), NONE));

        assertEquals(EffectKnowledge.NO_EFFECT, held.effect());
        assertEquals(EffectKnowledge.UNKNOWN, emptied.effect());
    }
}

package org.praefectus.windows.executor;

import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.windows.uia.UiaApi;

/**
 * {@code paste}: the text onto the clipboard ({@link ClipboardText#stage}), then Ctrl+V through
 * {@code SendInput} to the keyboard focus ({@link KeyboardFocus} takes it first for an element target). The keys
 * are sent only while the clipboard's sequence number says nobody changed it since the read-back. The text
 * stays on the clipboard afterwards (out of history and the cloud clipboard): putting the previous contents
 * back right after the keys would race the target's own read, which Windows reports only to a delayed-rendering
 * clipboard owner with a message loop, and the protocol's paste does not ask for a restore.
 */
final class ClipboardPaste {

    /** VK_CONTROL, 'V'. */
    private static final List<Integer> CTRL_V = List.of(0x11, 0x56);

    private final UiaApi uia;
    private final ClipboardText clipboard;
    private final KeyboardFocus keyboard;
    private final InputSender input;

    ClipboardPaste(UiaApi uia, ClipboardText clipboard, KeyboardFocus keyboard, InputSender input) {
        this.uia = uia;
        this.clipboard = clipboard;
        this.keyboard = keyboard;
        this.input = input;
    }

    void paste(Action.Paste paste, ResolvedTarget target, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        ClipboardText.requireRepresentable(paste.text());
        keyboard.take(target, cancellation, deadlineAtMs);
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        int sequence = clipboard.stage(paste.text());
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (uia.clipboardSequence() != sequence) {
            throw DispatchException.noEffect("the clipboard changed before the paste");
        }
        input.send(List.of(SendInputPlan.chordOf(CTRL_V)), cancellation, deadlineAtMs);
    }
}

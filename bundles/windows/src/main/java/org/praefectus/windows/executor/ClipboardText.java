package org.praefectus.windows.executor;

import org.praefectus.api.executor.DispatchException;
import org.praefectus.windows.uia.UiaApi;

/**
 * The one way this executor writes the clipboard ({@code clipboard_write} and {@code paste}): text as
 * {@code CF_UNICODETEXT}, marked to stay out of clipboard history, clipboard monitors and the cloud clipboard
 * (the text is a secret of the request), then read back. What a failure means depends on whether the
 * clipboard is the action's target ({@code clipboard_write}: an emptied or different clipboard is an unknown
 * outcome) or only its vehicle ({@code paste}: nothing reached the target yet, so no effect).
 */
final class ClipboardText {

    private final UiaApi uia;

    ClipboardText(UiaApi uia) {
        this.uia = uia;
    }

    /** {@code clipboard_write}: done when the clipboard reads back exactly the text. */
    void write(String text) throws DispatchException {
        requireRepresentable(text);
        switch (uia.writeClipboardText(text)) {
            case UNTOUCHED -> throw DispatchException.noEffect("the clipboard is held by another program");
            case EMPTIED -> throw DispatchException.ambiguous("the clipboard was emptied but not written");
            case WRITTEN -> {
                if (!text.equals(uia.clipboardText())) {
                    throw DispatchException.ambiguous("the clipboard does not read back the text");
                }
            }
        }
    }

    /**
     * The vehicle of a paste: writes the text and answers the clipboard's sequence number while it holds
     * exactly that text, or refuses with no effect.
     */
    int stage(String text) throws DispatchException {
        requireRepresentable(text);
        switch (uia.writeClipboardText(text)) {
            case UNTOUCHED -> throw DispatchException.noEffect("the clipboard is held by another program");
            case EMPTIED -> throw DispatchException.noEffect("the clipboard could not be written");
            case WRITTEN -> {}
        }
        int sequence = uia.clipboardSequence();
        if (!text.equals(uia.clipboardText()) || uia.clipboardSequence() != sequence) {
            throw DispatchException.noEffect("the clipboard changed before the paste");
        }
        return sequence;
    }

    /** {@code CF_UNICODETEXT} ends at the first NUL: such a text would arrive cut, so it is refused first. */
    static void requireRepresentable(String text) throws DispatchException {
        if (text.indexOf('\0') >= 0) {
            throw DispatchException.noEffect("the clipboard's text format cannot hold a NUL character");
        }
    }
}

package org.praefectus.linux.x11;

import java.nio.charset.StandardCharsets;

/**
 * What the CLIPBOARD selection held when {@link ClipboardReader} asked for it, as far as a paste can put it
 * back: nothing, a text, or something that cannot be restored (with a fixed reason). The text never appears
 * in {@link Text#toString}, a log or a message.
 */
public sealed interface ClipboardContents {

    /** Whether a paste can leave the clipboard as it found it. */
    default boolean restorable() {
        return !(this instanceof NotRestorable);
    }

    /** No client owns the selection, or its owner holds the empty text: there is nothing to put back. */
    record Empty() implements ClipboardContents {}

    /** A text of at most {@link ClipboardOwner#MAX_TEXT_BYTES} UTF-8 bytes, without NUL: what an owner can serve. */
    record Text(String text) implements ClipboardContents {

        public Text {
            if (text.isEmpty()
                    || text.indexOf('\0') >= 0
                    || text.getBytes(StandardCharsets.UTF_8).length > ClipboardOwner.MAX_TEXT_BYTES) {
                throw new IllegalArgumentException("not a restorable clipboard text");
            }
        }

        @Override
        public String toString() {
            return "Text[redacted]";
        }
    }

    /**
     * The selection holds something this bundle cannot put back: no text form, a transfer too large (INCR or
     * over the bound), an owner that did not answer in time.
     *
     * @param reason a fixed text, safe to show to a caller
     */
    record NotRestorable(String reason) implements ClipboardContents {}
}

package org.praefectus.linux.atspi;

import java.nio.charset.StandardCharsets;

/** Accessible text as the protocol accepts it: no control characters, not blank, at most N UTF-8 bytes. */
final class BoundedText {

    private BoundedText() {}

    /** The text cut at a code point boundary to {@code maxBytes}, controls replaced; {@code null} when blank. */
    static String of(String value, int maxBytes) {
        if (value == null) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < value.length(); ) {
            int codePoint = value.codePointAt(i);
            int replaced = Character.isISOControl(codePoint) ? ' ' : codePoint;
            int size = new String(Character.toChars(replaced)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > maxBytes) {
                break;
            }
            text.appendCodePoint(replaced);
            bytes += size;
            i += Character.charCount(codePoint);
        }
        return text.toString().strip().isEmpty() ? null : text.toString();
    }
}

package org.praefectus.api.text;

/**
 * A word a caller gave (an unknown option, method, field, key or tool name; a manifest's value) as an error message
 * repeats it, the same on every surface: at most {@value #MAX_CODE_POINTS} code points, so a pasted secret never
 * comes back whole and a message cannot be flooded, and control and format characters escaped as {@code \\uXXXX}, so
 * a caller cannot forge a line or reorder a message with bidirectional controls.
 */
public final class CallerText {

    /** The most code points of a caller's word an error message repeats. */
    public static final int MAX_CODE_POINTS = 64;

    private CallerText() {}

    /** {@code word} as an error message shows it; {@code "…"} ends a word that was cut. */
    public static String shown(String word) {
        StringBuilder out = new StringBuilder();
        word.codePoints().limit(MAX_CODE_POINTS).forEach(c -> {
            int type = Character.getType(c);
            if (type == Character.CONTROL
                    || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR) {
                // a supplementary format character is escaped as its two UTF-16 units
                for (char unit : Character.toChars(c)) {
                    out.append(String.format("\\u%04x", (int) unit));
                }
            } else {
                out.appendCodePoint(c);
            }
        });
        return word.codePointCount(0, word.length()) > MAX_CODE_POINTS
                ? out.append('…').toString()
                : out.toString();
    }
}

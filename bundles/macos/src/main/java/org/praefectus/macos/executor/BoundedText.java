package org.praefectus.macos.executor;

/** Accessibility text as the protocol accepts it: control characters removed, stripped, at most N UTF-8 bytes. */
final class BoundedText {

    private BoundedText() {}

    /** The bounded text, or {@code null} when nothing is left. */
    static String of(String text, int maxBytes) {
        if (text == null) {
            return null;
        }
        StringBuilder kept = new StringBuilder(Math.min(text.length(), maxBytes));
        int bytes = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            i += Character.charCount(codePoint);
            if (Character.isISOControl(codePoint)) {
                continue;
            }
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            if (bytes + size > maxBytes) {
                break;
            }
            bytes += size;
            kept.appendCodePoint(codePoint);
        }
        String stripped = kept.toString().strip();
        return stripped.isEmpty() ? null : stripped;
    }
}

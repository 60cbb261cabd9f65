package org.praefectus.linux.desktop;

import java.util.Locale;

/**
 * Which windows an element lookup searches ({@code --app}, {@code --window-title}, {@code --window-id}):
 * {@code app} and the title match when contained (ignoring case), the ID exactly (decimal or {@code 0x} hex
 * X window ID, or the AT-SPI window object). All {@code null} searches every window.
 */
public record ElementScope(String app, String windowTitle, String windowId) {

    /** Every window. */
    public static final ElementScope ALL = new ElementScope(null, null, null);

    public boolean matches(DesktopWindow window) {
        return (app == null || contains(window.appId(), app) || contains(window.title(), app))
                && (windowTitle == null || contains(window.title(), windowTitle))
                && (windowId == null || sameId(window.id(), windowId));
    }

    private static boolean contains(String text, String part) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
    }

    static boolean sameId(String id, String wanted) {
        if (id.equals(wanted)) {
            return true;
        }
        try {
            long value = wanted.startsWith("0x") || wanted.startsWith("0X")
                    ? Long.parseUnsignedLong(wanted.substring(2), 16)
                    : Long.parseLong(wanted);
            return id.equals(Long.toString(value));
        } catch (NumberFormatException notAnXid) {
            return false;
        }
    }
}

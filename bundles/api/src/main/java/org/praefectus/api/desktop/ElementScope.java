package org.praefectus.api.desktop;

import java.util.Locale;

/**
 * Which windows an element lookup or an input verb searches ({@code app}, {@code window_title}, {@code window_id}):
 * the app and the title match when contained (ignoring case), the ID exactly (decimal or {@code 0x} hex X window
 * ID, or the accessible window object). All {@code null} searches every window.
 */
public record ElementScope(String app, String windowTitle, String windowId) {

    /** Every window. */
    public static final ElementScope ALL = new ElementScope(null, null, null);

    /** Whether a window with this app ID, title and ID is in scope (the app may also be named in the title). */
    public boolean matches(String windowAppId, String windowTitleText, String id) {
        return (app == null || contains(windowAppId, app) || contains(windowTitleText, app))
                && (windowTitle == null || contains(windowTitleText, windowTitle))
                && (windowId == null || sameId(id, windowId));
    }

    /** Whether {@code window} is in scope. */
    public boolean matches(DesktopWindow window) {
        return matches(window.appId(), window.title(), window.id());
    }

    private static boolean contains(String text, String part) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
    }

    /** Whether a window ID names the {@code wanted} one, given in decimal, {@code 0x} hex or as it is. */
    public static boolean sameId(String id, String wanted) {
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

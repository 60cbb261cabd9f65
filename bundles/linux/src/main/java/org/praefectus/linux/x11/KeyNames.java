package org.praefectus.linux.x11;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the protocol's key names ({@code ctrl}, {@code Return}, {@code a}, {@code F5}) and typed characters
 * into X keysyms. Friendly aliases first, then Xlib's own keysym names, then the character itself.
 */
final class KeyNames {

    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("ctrl", "Control_L"),
            Map.entry("control", "Control_L"),
            Map.entry("shift", "Shift_L"),
            Map.entry("alt", "Alt_L"),
            Map.entry("option", "Alt_L"),
            Map.entry("super", "Super_L"),
            Map.entry("meta", "Super_L"),
            Map.entry("cmd", "Super_L"),
            Map.entry("command", "Super_L"),
            Map.entry("win", "Super_L"),
            Map.entry("enter", "Return"),
            Map.entry("return", "Return"),
            Map.entry("esc", "Escape"),
            Map.entry("escape", "Escape"),
            Map.entry("backspace", "BackSpace"),
            Map.entry("delete", "Delete"),
            Map.entry("del", "Delete"),
            Map.entry("tab", "Tab"),
            Map.entry("space", "space"),
            Map.entry("up", "Up"),
            Map.entry("down", "Down"),
            Map.entry("left", "Left"),
            Map.entry("right", "Right"),
            Map.entry("home", "Home"),
            Map.entry("end", "End"),
            Map.entry("pageup", "Prior"),
            Map.entry("pagedown", "Next"),
            Map.entry("insert", "Insert"));

    /** Characters that need Shift on a US layout, the layout Xvfb and most test desktops start with. */
    private static final String SHIFTED = "~!@#$%^&*()_+{}|:\"<>?";

    private KeyNames() {}

    /** The keysym of a key name, or empty when X knows no such key. */
    static Optional<Long> keysym(Xlib xlib, String name) {
        if (name == null || name.isEmpty() || name.length() > 64) {
            return Optional.empty();
        }
        String alias = ALIASES.get(name.toLowerCase(Locale.ROOT));
        String xName = alias != null ? alias : name;
        long keysym = xlib.XStringToKeysym(xName).longValue();
        if (keysym != 0) {
            return Optional.of(keysym);
        }
        if (name.codePointCount(0, name.length()) == 1) {
            return Optional.of(keysym(name.codePointAt(0)));
        }
        return Optional.empty();
    }

    /** The keysym of a typed character: Latin-1 maps directly, everything else to the Unicode keysym range. */
    static long keysym(int codePoint) {
        if (codePoint == '\n') {
            return 0xff0d;
        }
        if (codePoint == '\t') {
            return 0xff09;
        }
        if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) {
            return codePoint;
        }
        return 0x0100_0000L + codePoint;
    }

    /** Whether a typed character needs Shift held. */
    static boolean needsShift(int codePoint) {
        return Character.isUpperCase(codePoint) || (codePoint < 128 && SHIFTED.indexOf(codePoint) >= 0);
    }
}

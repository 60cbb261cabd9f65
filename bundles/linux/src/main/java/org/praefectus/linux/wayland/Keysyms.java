package org.praefectus.linux.wayland;

import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The protocol's key names and typed characters as XKB keysyms, which the RemoteDesktop portal takes. Without
 * Xlib (a Wayland session has no X server to ask) the names are the fixed set below plus single printable
 * ASCII characters; any other name is unknown and refused.
 */
final class Keysyms {

    static final int RETURN = 0xff0d;
    static final int BACKSPACE = 0xff08;
    static final int CONTROL_L = 0xffe3;
    static final int SHIFT_L = 0xffe1;

    private static final Map<String, Integer> NAMES = Map.ofEntries(
            Map.entry("ctrl", CONTROL_L),
            Map.entry("control", CONTROL_L),
            Map.entry("control_l", CONTROL_L),
            Map.entry("shift", SHIFT_L),
            Map.entry("shift_l", SHIFT_L),
            Map.entry("alt", 0xffe9),
            Map.entry("alt_l", 0xffe9),
            Map.entry("option", 0xffe9),
            Map.entry("super", 0xffeb),
            Map.entry("super_l", 0xffeb),
            Map.entry("meta", 0xffeb),
            Map.entry("cmd", 0xffeb),
            Map.entry("command", 0xffeb),
            Map.entry("win", 0xffeb),
            Map.entry("enter", RETURN),
            Map.entry("return", RETURN),
            Map.entry("esc", 0xff1b),
            Map.entry("escape", 0xff1b),
            Map.entry("backspace", BACKSPACE),
            Map.entry("delete", 0xffff),
            Map.entry("del", 0xffff),
            Map.entry("tab", 0xff09),
            Map.entry("space", 0x20),
            Map.entry("up", 0xff52),
            Map.entry("down", 0xff54),
            Map.entry("left", 0xff51),
            Map.entry("right", 0xff53),
            Map.entry("home", 0xff50),
            Map.entry("end", 0xff57),
            Map.entry("pageup", 0xff55),
            Map.entry("prior", 0xff55),
            Map.entry("pagedown", 0xff56),
            Map.entry("next", 0xff56),
            Map.entry("insert", 0xff63));

    private Keysyms() {}

    /** The keysym of a key name ({@code ctrl}, {@code Return}, {@code F5}, {@code a}), or empty. */
    static OptionalInt of(String name) {
        if (name == null || name.isEmpty() || name.length() > 64) {
            return OptionalInt.empty();
        }
        String lower = name.toLowerCase(Locale.ROOT);
        Integer named = NAMES.get(lower);
        if (named != null) {
            return OptionalInt.of(named);
        }
        if (lower.matches("f([1-9]|1[0-9]|2[0-4])")) {
            return OptionalInt.of(0xffbe + Integer.parseInt(lower.substring(1)) - 1);
        }
        if (name.codePointCount(0, name.length()) == 1) {
            return character(name.codePointAt(0));
        }
        return OptionalInt.empty();
    }

    /**
     * The keysym that types a character: printable ASCII (its keysym is its code point), newline as Return,
     * tab as Tab; nothing else. A compositor drops a keysym its keymap lacks without saying so (measured under
     * gnome-shell: {@code é} and {@code €} vanish, the call succeeds), and a Wayland client cannot read the
     * keymap without receiving its file descriptor, so only what every Latin layout types is offered.
     */
    static OptionalInt character(int codePoint) {
        if (codePoint == '\n') {
            return OptionalInt.of(RETURN);
        }
        if (codePoint == '\t') {
            return OptionalInt.of(0xff09);
        }
        if (codePoint >= 0x20 && codePoint <= 0x7e) {
            return OptionalInt.of(codePoint);
        }
        return OptionalInt.empty();
    }
}

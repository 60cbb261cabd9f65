package org.praefectus.macos.executor;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Key names to macOS virtual key codes (HIToolbox {@code Events.h}, ANSI layout) and modifier flags
 * ({@code CGEventFlags}). Unknown names are refused before any event.
 */
final class KeyCodes {

    /** A key: its virtual code and, for a modifier, the flag it holds. */
    record Key(int code, long modifierFlag) {
        boolean modifier() {
            return modifierFlag != 0;
        }
    }

    private static final Map<String, Key> KEYS = new HashMap<>();

    static {
        String letters = "asdfhgzxcv?bqweryt";
        for (int code = 0; code < letters.length(); code++) {
            if (letters.charAt(code) != '?') {
                key(String.valueOf(letters.charAt(code)), code);
            }
        }
        int[] digitCodes = {29, 18, 19, 20, 21, 23, 22, 26, 28, 25};
        for (int digit = 0; digit < 10; digit++) {
            key(Integer.toString(digit), digitCodes[digit]);
        }
        key("o", 31);
        key("u", 32);
        key("i", 34);
        key("p", 35);
        key("l", 37);
        key("j", 38);
        key("k", 40);
        key("n", 45);
        key("m", 46);
        key("return", 36);
        key("enter", 36);
        key("tab", 48);
        key("space", 49);
        key("delete", 51);
        key("backspace", 51);
        key("escape", 53);
        key("esc", 53);
        key("forwarddelete", 117);
        key("home", 115);
        key("end", 119);
        key("pageup", 116);
        key("pagedown", 121);
        key("left", 123);
        key("right", 124);
        key("down", 125);
        key("up", 126);
        int[] functionCodes = {122, 120, 99, 118, 96, 97, 98, 100, 101, 109, 103, 111};
        for (int f = 0; f < functionCodes.length; f++) {
            key("f" + (f + 1), functionCodes[f]);
        }
        modifier(0x100000L, 55, "command", "cmd", "meta", "super");
        modifier(0x20000L, 56, "shift");
        modifier(0x80000L, 58, "option", "alt");
        modifier(0x40000L, 59, "control", "ctrl");
    }

    private static void key(String name, int code) {
        KEYS.put(name, new Key(code, 0));
    }

    private static void modifier(long flag, int code, String... names) {
        for (String name : names) {
            KEYS.put(name, new Key(code, flag));
        }
    }

    private KeyCodes() {}

    /** The key a name spells (case-insensitive), or {@code null}. */
    static Key of(String name) {
        return KEYS.get(name.toLowerCase(Locale.ROOT));
    }

    static final Key COMMAND = of("command");
    static final Key RETURN = of("return");
    static final Key DELETE = of("delete");
    static final Key A = of("a");
    static final Key V = of("v");
}

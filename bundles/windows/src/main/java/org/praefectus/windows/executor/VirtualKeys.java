package org.praefectus.windows.executor;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Key names to Win32 virtual-key codes ({@code VK_*}); unknown names are refused before any input. */
final class VirtualKeys {

    private static final Map<String, Integer> KEYS = new HashMap<>();

    /** VK_SHIFT, VK_CONTROL, VK_MENU (Alt), VK_LWIN. */
    static final Set<Integer> MODIFIERS = Set.of(0x10, 0x11, 0x12, 0x5B);

    static {
        for (char c = 'a'; c <= 'z'; c++) {
            KEYS.put(String.valueOf(c), (int) Character.toUpperCase(c));
        }
        for (char c = '0'; c <= '9'; c++) {
            KEYS.put(String.valueOf(c), (int) c);
        }
        for (int f = 1; f <= 12; f++) {
            KEYS.put("f" + f, 0x70 + f - 1);
        }
        put(0x0D, "return", "enter");
        put(0x09, "tab");
        put(0x20, "space");
        put(0x08, "backspace");
        put(0x2E, "delete");
        put(0x1B, "escape", "esc");
        put(0x24, "home");
        put(0x23, "end");
        put(0x21, "pageup");
        put(0x22, "pagedown");
        put(0x25, "left");
        put(0x26, "up");
        put(0x27, "right");
        put(0x28, "down");
        put(0x10, "shift");
        put(0x11, "control", "ctrl");
        put(0x12, "alt", "option");
        put(0x5B, "win", "windows", "super", "meta", "command", "cmd");
    }

    private static void put(int code, String... names) {
        for (String name : names) {
            KEYS.put(name, code);
        }
    }

    private VirtualKeys() {}

    /** The virtual-key code, or {@code null}. */
    static Integer of(String name) {
        return KEYS.get(name.toLowerCase(Locale.ROOT));
    }
}

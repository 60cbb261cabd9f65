package org.praefectus.cdp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;

/**
 * The keys {@code press} may send, as {@code Input.dispatchKeyEvent} describes them: named keys (DOM {@code key}
 * values, case as the DOM spells them) and single printable ASCII characters. Anything else is no key.
 */
final class PageKeys {

    /** A key as the DOM's KeyboardEvent sees it; {@code text} is what it types, or {@code null}. */
    record Key(String key, String code, int keyCode, String text) {

        /** The parameters of one {@code keyDown} (with its text, when it types) or {@code keyUp}. */
        ObjectNode event(ObjectNode params, boolean down) {
            params.put("type", down ? (text == null ? "rawKeyDown" : "keyDown") : "keyUp")
                    .put("key", key)
                    .put("code", code)
                    .put("windowsVirtualKeyCode", keyCode)
                    .put("nativeVirtualKeyCode", keyCode);
            if (down && text != null) {
                params.put("text", text).put("unmodifiedText", text);
            }
            return params;
        }
    }

    private static final Map<String, Key> NAMED = Map.ofEntries(
            named("Enter", "Enter", 13, "\r"),
            named("Tab", "Tab", 9, null),
            named("Escape", "Escape", 27, null),
            named("Backspace", "Backspace", 8, null),
            named("Delete", "Delete", 46, null),
            named("ArrowLeft", "ArrowLeft", 37, null),
            named("ArrowUp", "ArrowUp", 38, null),
            named("ArrowRight", "ArrowRight", 39, null),
            named("ArrowDown", "ArrowDown", 40, null),
            named("Home", "Home", 36, null),
            named("End", "End", 35, null),
            named("PageUp", "PageUp", 33, null),
            named("PageDown", "PageDown", 34, null),
            Map.entry("Space", new Key(" ", "Space", 32, " ")));

    private PageKeys() {}

    private static Map.Entry<String, Key> named(String key, String code, int keyCode, String text) {
        return Map.entry(key, new Key(key, code, keyCode, text));
    }

    /** The key {@code name} names, or {@code null} when {@code press} cannot send it. */
    static Key of(String name) {
        Key key = NAMED.get(name);
        if (key != null) {
            return key;
        }
        if (name.length() != 1 || name.charAt(0) < 0x21 || name.charAt(0) > 0x7e) {
            return null;
        }
        char c = name.charAt(0);
        if (Character.isLetter(c)) {
            String upper = name.toUpperCase(Locale.ROOT);
            return new Key(name, "Key" + upper, upper.charAt(0), name);
        }
        if (Character.isDigit(c)) {
            return new Key(name, "Digit" + name, c, name);
        }
        return new Key(name, "", 0, name);
    }
}

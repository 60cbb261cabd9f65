package org.praefectus.windows.executor;

import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.windows.uia.UiaNode;

/**
 * The fingerprint of one UIA element: control type, name, automation id, class, bounds, enabled, offscreen and
 * the patterns it offers. Never its value (a {@code set_value} must not make its own target stale), nor its
 * keyboard focus (typing into it moves focus in).
 */
final class NodeFacts {

    private NodeFacts() {}

    static String fingerprint(UiaNode node) {
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                JsonValue.JsonNumber.of(node.controlType()),
                text(node.name()),
                text(node.automationId()),
                text(node.className()),
                node.bounds() == null
                        ? JsonValue.NULL
                        : new JsonValue.JsonArray(List.of(
                                JsonValue.JsonNumber.of(node.bounds().x()),
                                JsonValue.JsonNumber.of(node.bounds().y()),
                                JsonValue.JsonNumber.of(node.bounds().width()),
                                JsonValue.JsonNumber.of(node.bounds().height()))),
                JsonValue.JsonBoolean.of(node.enabled()),
                JsonValue.JsonBoolean.of(node.offscreen()),
                JsonValue.JsonBoolean.of(node.invokable()),
                JsonValue.JsonBoolean.of(node.valuePattern() && !node.valueReadOnly()),
                JsonValue.JsonBoolean.of(node.scrollPattern()))));
    }

    private static JsonValue text(String value) {
        return value == null ? JsonValue.NULL : new JsonValue.JsonString(value);
    }

    /** The accessible name as the protocol takes it: control characters removed, at most 1,024 UTF-8 bytes. */
    static String name(String name) {
        if (name == null) {
            return null;
        }
        StringBuilder kept = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < name.length(); ) {
            int codePoint = name.codePointAt(i);
            i += Character.charCount(codePoint);
            if (Character.isISOControl(codePoint)) {
                continue;
            }
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            if (bytes + size > 1_024) {
                break;
            }
            bytes += size;
            kept.appendCodePoint(codePoint);
        }
        String stripped = kept.toString().strip();
        return stripped.isEmpty() ? null : stripped;
    }
}

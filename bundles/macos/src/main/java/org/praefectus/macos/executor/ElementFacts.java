package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.Rect;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;

/**
 * What the executor reads of one element, and its fingerprint. The value itself is never part of it (a
 * {@code set_value} must not make its own target stale); only whether it can be set.
 *
 * @param role               {@code AXRole} (bounded), {@code "AXUnknown"} when absent
 * @param subrole            {@code AXSubrole}, or {@code null}
 * @param name               {@code AXTitle}, else {@code AXDescription}, bounded; or {@code null}
 * @param bounds             {@code AXPosition} + {@code AXSize} with positive area, or {@code null}
 * @param enabled            {@code AXEnabled} (true when absent)
 * @param hidden             {@code AXHidden}
 * @param focused            {@code AXFocused}
 * @param actions            the advertised action names, sorted
 * @param valueSettable      whether {@code AXValue} is settable
 * @param selectionSettable  whether {@code AXSelectedTextRange} is settable
 */
record ElementFacts(
        String role,
        String subrole,
        String name,
        Rect bounds,
        boolean enabled,
        boolean hidden,
        boolean focused,
        List<String> actions,
        boolean valueSettable,
        boolean selectionSettable) {

    /** The activation action; {@code invoke} owns it. */
    static final String PRESS = "AXPress";

    static final int MAX_NAME_BYTES = 1_024;

    ElementFacts {
        actions = List.copyOf(actions);
    }

    /** The attributes one element's facts need, read in one message. */
    static final List<String> ATTRIBUTES = List.of(
            "AXRole",
            "AXSubrole",
            "AXTitle",
            "AXDescription",
            "AXPosition",
            "AXSize",
            "AXEnabled",
            "AXHidden",
            "AXFocused");

    /** Reads the facts in four messages: the attributes, the actions and the two settable flags. */
    static ElementFacts read(AxApi ax, AxElement element) {
        List<AxValue> values = ax.attributes(element, ATTRIBUTES);
        String role = BoundedText.of(values.get(0).text(), 128);
        String name = BoundedText.of(values.get(2).text(), MAX_NAME_BYTES);
        if (name == null) {
            name = BoundedText.of(values.get(3).text(), MAX_NAME_BYTES);
        }
        List<String> actions = new ArrayList<>(ax.actions(element));
        actions.sort(null);
        return new ElementFacts(
                role == null ? "AXUnknown" : role,
                BoundedText.of(values.get(1).text(), 128),
                name,
                bounds(values.get(4), values.get(5)),
                values.get(6).flag(true),
                values.get(7).flag(false),
                values.get(8).flag(false),
                actions,
                ax.settable(element, "AXValue"),
                ax.settable(element, "AXSelectedTextRange"));
    }

    static Rect bounds(AxApi ax, AxElement element) {
        return bounds(ax.attribute(element, "AXPosition"), ax.attribute(element, "AXSize"));
    }

    private static Rect bounds(AxValue position, AxValue size) {
        if (position instanceof AxValue.Point point && size instanceof AxValue.Size extent) {
            Rect rect = new Rect(
                    Math.round(point.x()),
                    Math.round(point.y()),
                    Math.round(extent.width()),
                    Math.round(extent.height()));
            return rect.hasArea() ? rect : null;
        }
        return null;
    }

    boolean invokable() {
        return actions.contains(PRESS);
    }

    /** SHA-256 of the canonical fingerprint array. */
    String fingerprint() {
        List<JsonValue> names =
                actions.stream().<JsonValue>map(JsonValue.JsonString::new).toList();
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(role),
                subrole == null ? JsonValue.NULL : new JsonValue.JsonString(subrole),
                name == null ? JsonValue.NULL : new JsonValue.JsonString(name),
                bounds == null
                        ? JsonValue.NULL
                        : new JsonValue.JsonArray(List.of(
                                JsonValue.JsonNumber.of(bounds.x()),
                                JsonValue.JsonNumber.of(bounds.y()),
                                JsonValue.JsonNumber.of(bounds.width()),
                                JsonValue.JsonNumber.of(bounds.height()))),
                JsonValue.JsonBoolean.of(enabled),
                JsonValue.JsonBoolean.of(hidden),
                new JsonValue.JsonArray(names),
                JsonValue.JsonBoolean.of(valueSettable),
                JsonValue.JsonBoolean.of(selectionSettable))));
    }
}

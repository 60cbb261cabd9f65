package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The state of one element as Chromium's accessibility tree reports it, for a model to read: checked or pressed
 * ({@code true}, {@code false} or {@code mixed}), selected, expanded, required, focused, modal, the heading level and
 * a link's URL. Never a field's value: that is reported only as a length, by the observation builder, which knows
 * which fields are secret.
 *
 * @param checked  {@code true}, {@code false}, {@code mixed}, or {@code null} when the element is not checkable
 * @param pressed  the same for toggle buttons
 * @param selected whether an option, tab or row is selected, or {@code null}
 * @param expanded whether a disclosure is open, or {@code null}
 * @param required whether a field is required
 * @param focused  whether it has the focus
 * @param modal    whether it is a modal dialog
 * @param level    the heading level, or 0
 * @param url      a link's URL, or {@code null}
 */
record ElementState(
        String checked,
        String pressed,
        Boolean selected,
        Boolean expanded,
        boolean required,
        boolean focused,
        boolean modal,
        int level,
        String url) {

    /** No state at all. */
    static final ElementState NONE = new ElementState(null, null, null, null, false, false, false, 0, null);

    /** Longest URL reported; longer ones are cut (a URL may carry a whole document in a data: scheme). */
    static final int MAX_URL_CHARS = 512;

    static ElementState of(JsonNode node) {
        String checked = null;
        String pressed = null;
        Boolean selected = null;
        Boolean expanded = null;
        boolean required = false;
        boolean focused = false;
        boolean modal = false;
        int level = 0;
        String url = null;
        for (JsonNode property : node.path("properties")) {
            JsonNode value = property.path("value").path("value");
            switch (property.path("name").asText("")) {
                case "checked" -> checked = tristate(value);
                case "pressed" -> pressed = tristate(value);
                case "selected" -> selected = value.asBoolean(false);
                case "expanded" -> expanded = value.asBoolean(false);
                case "required" -> required = value.asBoolean(false);
                case "focused" -> focused = value.asBoolean(false);
                case "modal" -> modal = value.asBoolean(false);
                case "level" -> level = value.asInt(0);
                case "url" -> url = value.isTextual() ? cut(value.asText()) : null;
                default -> {
                    // other properties are not reported
                }
            }
        }
        return new ElementState(checked, pressed, selected, expanded, required, focused, modal, level, url);
    }

    private static String tristate(JsonNode value) {
        String text = value.asText("");
        return text.equals("true") || text.equals("false") || text.equals("mixed") ? text : null;
    }

    private static String cut(String url) {
        return url.length() <= MAX_URL_CHARS ? url : url.substring(0, MAX_URL_CHARS);
    }

    /** A URL the page itself reported, cut as the tree's are; {@code null} when empty. */
    static String url(String url) {
        return url == null || url.isEmpty() ? null : cut(url);
    }

    /** The states that are set, in a fixed order, as the outline and the state map show them. */
    Map<String, Object> set() {
        Map<String, Object> states = new LinkedHashMap<>();
        if (checked != null) {
            states.put("checked", checked);
        }
        if (pressed != null) {
            states.put("pressed", pressed);
        }
        if (selected != null) {
            states.put("selected", selected);
        }
        if (expanded != null) {
            states.put("expanded", expanded);
        }
        if (level > 0) {
            states.put("level", level);
        }
        if (required) {
            states.put("required", true);
        }
        if (focused) {
            states.put("focused", true);
        }
        if (modal) {
            states.put("modal", true);
        }
        if (url != null) {
            states.put("url", url);
        }
        return states;
    }
}

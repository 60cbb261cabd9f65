package org.praefectus.workflow.graph;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What of an event's payload may be stored: a value whose name says it holds text, a value, a password, a secret, a
 * key press or the clipboard is kept only as its length ({@code {"redacted":true,"length":N}}), at any depth, so typed
 * text never reaches the graph database or its export.
 */
final class EventPayloads {

    private static final List<String> SENSITIVE = List.of("text", "value", "password", "secret", "clipboard", "key");

    private EventPayloads() {}

    static Map<String, Object> storable(Map<String, Object> payload) {
        Map<String, Object> kept = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : payload.entrySet()) {
            kept.put(entry.getKey(), storable(entry.getKey(), entry.getValue()));
        }
        return kept;
    }

    @SuppressWarnings("unchecked")
    private static Object storable(String name, Object value) {
        if (value != null && sensitive(name)) {
            Map<String, Object> redacted = new LinkedHashMap<>();
            redacted.put("redacted", true);
            redacted.put("length", String.valueOf(value).length());
            return redacted;
        }
        if (value instanceof Map<?, ?> nested) {
            return storable((Map<String, Object>) nested);
        }
        if (value instanceof List<?> items) {
            return items.stream().map(item -> storable(name, item)).toList();
        }
        return value;
    }

    private static boolean sensitive(String name) {
        String folded = name.toLowerCase(Locale.ROOT);
        return SENSITIVE.stream().anyMatch(folded::contains);
    }
}

package org.praefectus.mcp.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import org.praefectus.api.canonical.JsonValue;

/** Protocol values as the plain maps tool results are made of. */
final class ToolJson {

    static final ObjectMapper JSON = new ObjectMapper();

    private ToolJson() {}

    /**
     * A protocol object as plain maps, lists, strings, exact integers and booleans, taken from the tree itself: before,
     * every protocol value in a tool result was written as JSON text and read back.
     *
     * @throws IllegalArgumentException when the value is not an object
     */
    @SuppressWarnings("unchecked") // JsonValue.toPlain gives a Map<String, Object> for an object
    static Map<String, Object> toMap(JsonValue value) {
        if (!(value instanceof JsonValue.JsonObject)) {
            throw new IllegalArgumentException("not a JSON object");
        }
        return (Map<String, Object>) value.toPlain();
    }

    static Object parse(String text) {
        try {
            return JSON.readValue(text, Object.class);
        } catch (IOException e) {
            return null;
        }
    }

    static Map<String, Object> merge(Map<String, Object> a, Map<String, Object> b) {
        Map<String, Object> merged = new TreeMap<>(a);
        merged.putAll(b);
        return merged;
    }
}

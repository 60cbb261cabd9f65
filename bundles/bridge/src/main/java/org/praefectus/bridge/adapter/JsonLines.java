package org.praefectus.bridge.adapter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** Parses one JSONL line; null when it is not a JSON object (CLIs mix in plain text). */
final class JsonLines {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonLines() {}

    static JsonNode object(String line) {
        String t = line.strip();
        if (!t.startsWith("{")) {
            return null;
        }
        try {
            JsonNode node = MAPPER.readTree(t);
            return node != null && node.isObject() ? node : null;
        } catch (IOException e) {
            return null;
        }
    }

    static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    static Long number(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.isNumber() ? v.asLong() : null;
    }
}

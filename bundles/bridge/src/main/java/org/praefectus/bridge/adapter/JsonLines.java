package org.praefectus.bridge.adapter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** Parses one JSONL line; null when it is not a JSON object (CLIs mix in plain text). */
public final class JsonLines {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonLines() {}

    static JsonNode object(String line) {
        if (!startsLikeJson(line)) {
            return null; // checked without copying: output lines can be megabytes long
        }
        String t = line.strip();
        try {
            JsonNode node = MAPPER.readTree(t);
            return node != null && node.isObject() ? node : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The first character that is not white space is an opening brace. */
    public static boolean startsLikeJson(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (!Character.isWhitespace(c)) {
                return c == '{';
            }
        }
        return false;
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

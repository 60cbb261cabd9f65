package org.praefectus.mcp.host;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.ProtocolJson;

/** Protocol values as the plain maps tool results are made of. */
final class ToolJson {

    static final ObjectMapper JSON = new ObjectMapper();

    private ToolJson() {}

    static Map<String, Object> toMap(JsonValue value) {
        try {
            return JSON.readValue(ProtocolJson.toJson(value), new TypeReference<Map<String, Object>>() {});
        } catch (IOException e) {
            throw new IllegalStateException("protocol JSON is always valid JSON", e);
        }
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

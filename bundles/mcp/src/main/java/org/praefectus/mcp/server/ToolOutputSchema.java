package org.praefectus.mcp.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The output schema a tool lists, made from its entry's success shape: what a client checks
 * {@code structuredContent} against, and no more, because every listed byte is paid by every model session at
 * every turn while the schema serves the client's check, not the model's call. A success has the entry's
 * required fields; a tool error has {@code error} and {@code retry_safe} (the SDK validates {@code isError}
 * results too; the error's shape is told once, in the instructions). The fields' types, nested shapes and prose
 * stay in {@code tools.json}, where the unit tests hold results to them. Whatever the entry's shape accepts, this
 * accepts.
 */
final class ToolOutputSchema {

    /** The tool-error branch: every tool's refusal has these. */
    static final Map<String, Object> ERROR = Map.of("required", List.of("error", "retry_safe"));

    private ToolOutputSchema() {}

    /** The listed schema for an entry's success shape. */
    static Map<String, Object> of(Map<String, Object> success) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        if (success.get("required") instanceof List<?> required && !required.isEmpty()) {
            schema.put("anyOf", List.of(Map.of("required", required), ERROR));
        }
        return schema; // nothing required of a success: an object is all a client can check
    }
}

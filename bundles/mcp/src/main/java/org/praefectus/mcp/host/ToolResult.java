package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a tool returns: structured content (also serialized as the text block unless the tool wrote a shorter
 * text for models), optionally one PNG image, and whether it is a tool error ({@code isError: true} with
 * {@code error.code} and {@code error.next_action}).
 *
 * @param error      whether this is a tool error
 * @param structured the structured content
 * @param pngBase64  a PNG image as base64, or {@code null}
 * @param text       the text block, or {@code null} for the structured content as JSON
 */
public record ToolResult(boolean error, Map<String, Object> structured, String pngBase64, String text) {

    /** A result whose text block is its structured content. */
    public ToolResult(boolean error, Map<String, Object> structured, String pngBase64) {
        this(error, structured, pngBase64, null);
    }

    public static ToolResult ok(Map<String, Object> structured) {
        return new ToolResult(false, structured, null);
    }

    /** The same result with {@code text} as its text block (a page's outline instead of its JSON). */
    public ToolResult withText(String text) {
        return new ToolResult(error, structured, pngBase64, text);
    }

    /**
     * A tool error.
     *
     * @param code       stable snake_case code
     * @param message    fixed text, never content
     * @param nextAction what the caller should do next
     * @param retrySafe  whether repeating the call cannot cause a second effect
     */
    public static ToolResult failure(String code, String message, String nextAction, boolean retrySafe) {
        return failure(code, message, nextAction, retrySafe, Map.of());
    }

    /** A tool error with more structured fields beside {@code error}. */
    public static ToolResult failure(
            String code, String message, String nextAction, boolean retrySafe, Map<String, Object> more) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        error.put("next_action", nextAction);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error);
        body.put("retry_safe", retrySafe);
        body.putAll(more);
        return new ToolResult(true, body, null);
    }
}

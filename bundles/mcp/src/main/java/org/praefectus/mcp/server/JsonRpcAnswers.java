package org.praefectus.mcp.server;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.function.Predicate;

/**
 * Whether a message sent on a request's SSE stream is that request's answer (a response with its id), which
 * ends the stream. Messages are read as a stream of top-level fields with every value but the id skipped, so
 * a large result (a capture) is never built as a tree; reading stops as soon as the answer is known, which for
 * the SDK's responses ({@code jsonrpc}, {@code id}, then {@code result} or {@code error}) is before the result.
 */
final class JsonRpcAnswers {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** For a stream that no answer ends (the session's GET stream). */
    static final Predicate<String> NONE = message -> false;

    private JsonRpcAnswers() {}

    /** The answers to {@code requestJson}'s id; {@link #NONE} for a notification or something unreadable. */
    static Predicate<String> to(String requestJson) {
        JsonNode id;
        try {
            id = JSON.readTree(requestJson).get("id");
        } catch (IOException e) {
            return NONE;
        }
        if (id == null || id.isNull()) {
            return NONE;
        }
        return message -> answers(message, id);
    }

    private static boolean answers(String message, JsonNode id) {
        boolean sameId = false;
        boolean response = false;
        try (JsonParser parser = JSON.getFactory().createParser(message)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                if ("id".equals(field)) {
                    sameId = id.equals(JSON.readTree(parser));
                    if (!sameId) {
                        return false;
                    }
                } else if ("method".equals(field)) {
                    return false; // a request or a notification
                } else {
                    response |= "result".equals(field) || "error".equals(field);
                    if (sameId && response) {
                        return true;
                    }
                    parser.skipChildren();
                }
            }
        } catch (IOException e) {
            return false;
        }
        return sameId && response;
    }
}

package org.praefectus.mcp.server;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import org.praefectus.api.text.CallerText;

/**
 * Checks one JSON-RPC message before the SDK sees it. The SDK ends a stdio session on the first message it
 * cannot read (invalid JSON, a batch, {@code "id": null}, no {@code jsonrpc}); here such a message gets the
 * error JSON-RPC 2.0 prescribes ({@code -32700} parse error, {@code -32600} invalid request) and the session
 * goes on. A {@code tools/call} request is passed on with its request id in {@code _meta} under
 * {@link #REQUEST_ID_META}, overwriting whatever a client put there, so the tool handler can find the
 * request's cancellation; {@code notifications/cancelled} is reported and not passed on. A call of a tool the
 * session does not list is answered here: with its refusal as the call's result when the tool exists outside
 * the profile, with {@code -32602} when no tool has that name.
 */
public final class JsonRpcFraming {

    /** The {@code _meta} key carrying a {@code tools/call} request's JSON-RPC id to its handler. */
    public static final String REQUEST_ID_META = "org.praefectus/request-id";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** What became of one message. */
    public sealed interface Outcome {}

    /**
     * Pass this (possibly rewritten) message on to the SDK.
     *
     * @param json the message text
     * @param toolCallId the request id of a {@code tools/call} (its canonical JSON text), or {@code null}
     */
    public record Pass(String json, String toolCallId) implements Outcome {}

    /** Answer this (a complete JSON-RPC response: an error, or a refused call's result) and pass nothing on. */
    public record Refuse(String response) implements Outcome {}

    /** A client cancelled a request: the cancelled id's canonical JSON text. Nothing to answer. */
    public record Cancelled(String requestId) implements Outcome {}

    /** A blank line or an unreadable notification: nothing to answer, nothing to pass on. */
    public record Ignore() implements Outcome {}

    /** The tools a session lists, and the answer to a call of one it does not. */
    public interface Tools {

        /** Whether the session lists the tool (the SDK runs it). */
        boolean listed(String tool);

        /** The result (a {@code CallToolResult} as JSON) of calling a tool that exists but is not listed; empty for a name no tool has. */
        Optional<String> unlistedResult(String tool);

        /** These tools listed, no other tool known. */
        static Tools listing(java.util.Set<String> names) {
            return new Tools() {
                @Override
                public boolean listed(String tool) {
                    return names.contains(tool);
                }

                @Override
                public Optional<String> unlistedResult(String tool) {
                    return Optional.empty();
                }
            };
        }
    }

    private JsonRpcFraming() {}

    /** Checks one message (a stdio line or an HTTP body), any tool name passing. */
    public static Outcome frame(String text) {
        return frame(text, null);
    }

    /**
     * Checks one message; a {@code tools/call} of a tool {@code tools} (when given) does not list is answered
     * with its {@link Tools#unlistedResult}, or refused with {@code -32602} naming the tool (the SDK's own
     * message says {@code invalid_tool_name}).
     */
    public static Outcome frame(String text, Tools tools) {
        if (text.isBlank()) {
            return new Ignore();
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return new Refuse(error(NullNode.instance, -32700, "Parse error: the message is not valid JSON"));
        }
        if (node == null || node.isMissingNode()) {
            return new Refuse(error(NullNode.instance, -32700, "Parse error: the message is not valid JSON"));
        }
        if (node.isArray()) {
            return new Refuse(error(NullNode.instance, -32600, "Invalid Request: JSON-RPC batches are not supported"));
        }
        if (!(node instanceof ObjectNode message)) {
            return new Refuse(error(NullNode.instance, -32600, "Invalid Request: a message is a JSON object"));
        }
        JsonNode id = message.get("id");
        boolean hasId = message.has("id");
        boolean validId = id != null && (id.isTextual() || id.isIntegralNumber());
        JsonNode answerId = validId ? id : NullNode.instance;
        if (!"2.0".equals(message.path("jsonrpc").textValue())) {
            return new Refuse(error(answerId, -32600, "Invalid Request: jsonrpc must be \"2.0\""));
        }
        if (hasId && !validId) {
            return new Refuse(error(NullNode.instance, -32600, "Invalid Request: id must be a string or an integer"));
        }
        JsonNode method = message.get("method");
        if (method == null) {
            if (hasId && (message.has("result") ^ message.has("error"))) {
                return new Pass(text, null);
            }
            return new Refuse(error(answerId, -32600, "Invalid Request: no method, and not a response"));
        }
        if (!method.isTextual() || method.textValue().isEmpty()) {
            return new Refuse(error(answerId, -32600, "Invalid Request: method must be a non-empty string"));
        }
        JsonNode params = message.get("params");
        if (params != null && !params.isObject()) {
            return hasId ? new Refuse(error(id, -32602, "Invalid params: params must be an object")) : new Ignore();
        }
        String name = method.textValue();
        if (!hasId) {
            if (name.equals("notifications/cancelled")) {
                JsonNode cancelled = params == null ? null : params.get("requestId");
                return cancelled != null && (cancelled.isTextual() || cancelled.isIntegralNumber())
                        ? new Cancelled(cancelled.toString())
                        : new Ignore();
            }
            return new Pass(text, null);
        }
        if (name.equals("tools/call")) {
            ObjectNode p = params == null ? message.putObject("params") : (ObjectNode) params;
            String tool = p.path("name").textValue();
            if (tools != null && tool != null && !tools.listed(tool)) {
                return new Refuse(tools.unlistedResult(tool)
                        .map(result -> response(id, result))
                        .orElseGet(() -> error(id, -32602, "Unknown tool: " + CallerText.shown(tool))));
            }
            JsonNode meta = p.get("_meta");
            ObjectNode m = meta instanceof ObjectNode object ? object : p.putObject("_meta");
            m.put(REQUEST_ID_META, id.toString());
            return new Pass(message.toString(), id.toString());
        }
        return new Pass(text, null);
    }

    /** A JSON-RPC result response. */
    static String response(JsonNode id, String resultJson) {
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id);
        try {
            response.set("result", JSON.readTree(resultJson));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a result is one JSON value", e);
        }
        return response.toString();
    }

    /** A JSON-RPC error response. */
    static String error(JsonNode id, int code, String message) {
        ObjectNode error = JsonNodeFactory.instance.objectNode();
        error.put("jsonrpc", "2.0");
        error.set("id", id);
        error.putObject("error").put("code", code).put("message", message);
        return error.toString();
    }

    /** The request id a handler finds in a {@code tools/call}'s {@code _meta}. */
    public static Optional<String> requestId(java.util.Map<String, Object> meta) {
        return meta == null || !(meta.get(REQUEST_ID_META) instanceof String id) ? Optional.empty() : Optional.of(id);
    }
}

package org.praefectus.mcp.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.mcp.host.Confirmer;
import org.praefectus.mcp.host.ToolHost;
import org.praefectus.mcp.host.ToolResult;

/**
 * The tools as SDK specifications: name, description, input and output schema (from {@code tools.json})
 * and a handler that runs {@link ToolHost} with this session's confirmer (MCP elicitation when the client
 * declared it). Every result carries {@code structuredContent} and the same JSON as a text block.
 */
public final class ToolCatalog {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ToolCatalog() {}

    /** One tool's definition from {@code tools.json}. */
    record Definition(String name, String description, Map<String, Object> input, Map<String, Object> output) {}

    static List<Definition> definitions() {
        try (InputStream in = ToolCatalog.class.getResourceAsStream("tools.json")) {
            return JSON.readValue(in, new TypeReference<List<Definition>>() {});
        } catch (IOException e) {
            throw new UncheckedIOException("tools.json is part of the bundle", e);
        }
    }

    /** The specifications for every tool; profile checks happen inside {@link ToolHost#call}. */
    public static List<SyncToolSpecification> specifications(ToolHost host, McpJsonMapper mapper) {
        List<SyncToolSpecification> specifications = new ArrayList<>();
        for (Definition definition : definitions()) {
            McpSchema.Tool tool = McpSchema.Tool.builder()
                    .name(definition.name())
                    .description(definition.description())
                    .inputSchema(mapper, write(definition.input()))
                    .outputSchema(outputSchema(definition.output()))
                    .build();
            specifications.add(SyncToolSpecification.builder()
                    .tool(tool)
                    .callHandler((exchange, request) -> result(host.call(
                            definition.name(),
                            request.arguments(),
                            new ToolHost.CallContext(sessionKey(exchange), confirmer(exchange)))))
                    .build());
        }
        return specifications;
    }

    /**
     * A tool's success shape or the tool-error shape: clients validate {@code structuredContent} against the
     * output schema for {@code isError} results too (the TypeScript SDK does), so an error must match it.
     */
    static Map<String, Object> outputSchema(Map<String, Object> success) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("anyOf", List.of(success, ERROR_SCHEMA));
        return schema;
    }

    static final Map<String, Object> ERROR_SCHEMA = Map.of(
            "type",
            "object",
            "properties",
            Map.of(
                    "error",
                            Map.of(
                                    "type",
                                    "object",
                                    "properties",
                                    Map.of(
                                            "code",
                                            Map.of("type", "string"),
                                            "message",
                                            Map.of("type", "string"),
                                            "next_action",
                                            Map.of("type", "string")),
                                    "required",
                                    List.of("code", "message", "next_action")),
                    "retry_safe", Map.of("type", "boolean")),
            "required",
            List.of("error", "retry_safe"));

    static String sessionKey(McpSyncServerExchange exchange) {
        String id = exchange.sessionId();
        return id == null ? "stdio" : id;
    }

    /** Elicitation when the client declared it; otherwise nobody can be asked. */
    static Confirmer confirmer(McpSyncServerExchange exchange) {
        McpSchema.ClientCapabilities capabilities = exchange.getClientCapabilities();
        if (capabilities == null || capabilities.elicitation() == null) {
            return Confirmer.UNAVAILABLE;
        }
        return message -> {
            try {
                ElicitResult answer = exchange.createElicitation(McpSchema.ElicitRequest.builder()
                        .message(message)
                        .requestedSchema(Map.of(
                                "type",
                                "object",
                                "properties",
                                Map.of(
                                        "confirm",
                                        Map.of("type", "boolean", "title", "Allow this action", "default", true))))
                        .build());
                if (answer.action() != ElicitResult.Action.ACCEPT) {
                    return Confirmer.Answer.DECLINED;
                }
                Object confirm =
                        answer.content() == null ? null : answer.content().get("confirm");
                return Boolean.FALSE.equals(confirm) ? Confirmer.Answer.DECLINED : Confirmer.Answer.ACCEPTED;
            } catch (RuntimeException e) {
                return Confirmer.Answer.UNAVAILABLE;
            }
        };
    }

    static CallToolResult result(ToolResult result) {
        CallToolResult.Builder builder = CallToolResult.builder()
                .structuredContent(result.structured())
                .addTextContent(write(result.structured()))
                .isError(result.error());
        if (result.pngBase64() != null) {
            builder.addContent(new McpSchema.ImageContent(null, result.pngBase64(), "image/png"));
        }
        return builder.build();
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

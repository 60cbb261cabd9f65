package org.praefectus.mcp.server;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.mcp.host.CallCancellation;
import org.praefectus.mcp.host.InFlightCalls;
import org.praefectus.mcp.host.Progress;
import org.praefectus.mcp.host.ToolHost;
import org.praefectus.mcp.host.ToolResult;
import org.praefectus.mcp.host.ToolSet;

/**
 * The tools as SDK specifications: name, title, description, annotations, input and output schema (from
 * {@code tools.json}) and a handler that runs {@link ToolHost} with this call's cancellation, progress and
 * confirmer (MCP elicitation when the client declared it). Every result carries {@code structuredContent} and the same JSON as a text block.
 */
public final class ToolCatalog {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ToolCatalog() {}

    /**
     * One tool's definition from {@code tools.json}: the description is what tools/list shows, {@code details} the
     * fuller account only the tool guide shows (absent when the description says it all); the input is expanded
     * from {@link ToolShapes}.
     */
    record Definition(
            String name,
            String title,
            String description,
            String details,
            Map<String, Boolean> annotations,
            Map<String, Object> input,
            Map<String, Object> output) {}

    /** One entry as {@code tools.json} writes it: the shared property groups by name. */
    private record Entry(
            String name,
            String title,
            String description,
            String details,
            Map<String, Boolean> annotations,
            @JsonProperty("input_groups") List<String> inputGroups,
            Map<String, Object> input,
            Map<String, Object> output) {

        Definition definition() {
            return new Definition(
                    name,
                    title,
                    description,
                    details,
                    annotations,
                    ToolShapes.input(inputGroups == null ? List.of() : inputGroups, input),
                    output);
        }
    }

    /** The desktop's definitions ({@code tools.json}). */
    static List<Definition> definitions() {
        return read("tools.json");
    }

    /** The desktop's tools a browser page offers unchanged: they read the page's private engine. */
    private static final java.util.Set<String> SHARED_WITH_BROWSER = java.util.Set.of("capabilities", "status");

    /**
     * The definitions of a tool set: the desktop's, or a browser page's ({@link #SHARED_WITH_BROWSER} from
     * {@code tools.json}, the page's {@code observe} and {@code act} from {@code browser-tools.json}).
     */
    static List<Definition> definitions(ToolSet set) {
        if (set == ToolSet.DESKTOP) {
            return definitions();
        }
        List<Definition> page = new ArrayList<>(definitions().stream()
                .filter(d -> SHARED_WITH_BROWSER.contains(d.name()))
                .toList());
        page.addAll(read("browser-tools.json"));
        return page;
    }

    private static List<Definition> read(String catalog) {
        try (InputStream in = ToolCatalog.class.getResourceAsStream(catalog)) {
            return JSON.readValue(in, new TypeReference<List<Entry>>() {}).stream()
                    .map(Entry::definition)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(catalog + " is part of the bundle", e);
        }
    }

    /** How a session's tool calls reach their cancellation and their confirmation. */
    public record Wiring(
            InFlightCalls calls, Duration confirmationWindow, OutgoingElicitations outgoing, boolean stdio) {

        /** The key the transport registered this call's cancellation under: its connection. */
        String connection(McpSyncServerExchange exchange) {
            return stdio ? StdioSession.CONNECTION : sessionKey(exchange);
        }
    }

    /**
     * The specifications of the host's tool set that the profile allows: tool set and profile are fixed for the
     * server's life, so these are the server's tools and tools/list is the SDK's plain list. (The SDK's list filter is not used: it runs
     * each tool's check on another thread through reactor's {@code filterWhen}, which can drop every tool after
     * the first when that thread is preempted.) A call of another catalog tool is answered by {@link #framing}.
     */
    public static List<SyncToolSpecification> specifications(
            ToolHost host, McpJsonMapper mapper, JsonSchemaValidator validator, Wiring wiring) {
        List<SyncToolSpecification> specifications = new ArrayList<>();
        for (Definition definition : definitions(host.toolSet())) {
            if (!host.allowsTool(definition.name())) {
                continue;
            }
            McpSchema.Tool tool = McpSchema.Tool.builder()
                    .name(definition.name())
                    .title(definition.title())
                    .description(definition.description())
                    .annotations(ToolHints.of(definition.annotations()))
                    .inputSchema(mapper, write(definition.input()))
                    .outputSchema(outputSchema(definition.output()))
                    .build();
            ToolInputCheck check = new ToolInputCheck(definition.input(), validator);
            specifications.add(SyncToolSpecification.builder()
                    .tool(tool)
                    .callHandler((exchange, request) -> call(host, wiring, definition.name(), check, exchange, request))
                    .build());
        }
        return specifications;
    }

    /** Every tool as Markdown: title, name, hints and description (the {@code praefectus://docs/tools} resource). */
    static String guide() {
        StringBuilder text = new StringBuilder("# Praefectus MCP tools\n\n")
                .append(Servers.INSTRUCTIONS)
                .append("\n");
        for (Definition d : definitions()) {
            text.append("\n## ")
                    .append(d.title())
                    .append(" (`")
                    .append(d.name())
                    .append("`)\n\n")
                    .append(Boolean.TRUE.equals(d.annotations().get("readOnlyHint")) ? "Read-only. " : "Has effects. ")
                    .append(d.details() != null ? d.details() : d.description())
                    .append("\n");
        }
        return text.toString();
    }

    /**
     * What the framing knows of these specifications: they are listed; a call of a catalog tool outside the
     * profile gets the host's refusal ({@code capability_denied}, audited) as its result, as a listed tool's
     * error would come.
     */
    public static JsonRpcFraming.Tools framing(
            ToolHost host, McpJsonMapper mapper, List<SyncToolSpecification> specifications) {
        java.util.Set<String> listed = specifications.stream()
                .map(s -> s.tool().name())
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
        return new JsonRpcFraming.Tools() {
            @Override
            public boolean listed(String tool) {
                return listed.contains(tool);
            }

            @Override
            public Optional<String> unlistedResult(String tool) {
                return host.outsideProfile(tool).map(refusal -> {
                    try {
                        return mapper.writeValueAsString(result(refusal));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        };
    }

    private static CallToolResult call(
            ToolHost host,
            Wiring wiring,
            String name,
            ToolInputCheck check,
            McpSyncServerExchange exchange,
            McpSchema.CallToolRequest request) {
        Optional<ToolInputCheck.Refusal> refused = check.refusal(request.arguments());
        if (refused.isPresent()) {
            ToolResult refusal = host.refusedArguments(
                    name, refused.get().code(), refused.get().message());
            log(exchange, name, refusal);
            return result(refusal);
        }
        String connection = wiring.connection(exchange);
        Optional<String> requestId = JsonRpcFraming.requestId(request.meta());
        CallCancellation cancellation =
                requestId.map(id -> wiring.calls().begin(connection, id)).orElseGet(CallCancellation::none);
        try {
            ToolResult outcome = host.call(
                    name,
                    request.arguments(),
                    new ToolHost.CallContext(
                            connection,
                            ElicitationConfirmer.of(exchange, wiring.confirmationWindow(), wiring.outgoing()),
                            cancellation,
                            progress(exchange, request.meta())));
            log(exchange, name, outcome);
            return result(outcome);
        } finally {
            requestId.ifPresent(id -> wiring.calls().end(connection, id));
        }
    }

    /**
     * One log message per call, sent when the client's logging/setLevel admits it (the SDK drops what is below
     * it): the tool and its outcome code, never arguments or content. A failure is a warning, a success is
     * debug: a client that never chose a level (the SDK's minimum is then info) gets no message beside each
     * successful answer: one message per call instead of two.
     */
    static void log(McpSyncServerExchange exchange, String tool, ToolResult outcome) {
        Object error = outcome.structured().get("error");
        String code = error instanceof Map<?, ?> map ? String.valueOf(map.get("code")) : "ok";
        try {
            exchange.loggingNotification(new McpSchema.LoggingMessageNotification(
                    outcome.error() ? McpSchema.LoggingLevel.WARNING : McpSchema.LoggingLevel.DEBUG,
                    "praefectus." + tool,
                    tool + ": " + code));
        } catch (RuntimeException clientGone) {
            // logging is advisory
        }
    }

    /** Progress notifications when the client sent a progress token; none otherwise. */
    static Progress progress(McpSyncServerExchange exchange, Map<String, Object> meta) {
        Object token = meta == null ? null : meta.get("progressToken");
        if (!(token instanceof String) && !(token instanceof Number)) {
            return Progress.NONE;
        }
        return (done, total, message) -> {
            try {
                exchange.progressNotification(new McpSchema.ProgressNotification(token, done, total, message, null));
            } catch (RuntimeException clientGone) {
                // progress is advisory: a lost notification changes nothing
            }
        };
    }

    /** The output schema tools/list shows for a success shape ({@link ToolOutputSchema}). */
    static Map<String, Object> outputSchema(Map<String, Object> success) {
        return ToolOutputSchema.of(success);
    }

    static String sessionKey(McpSyncServerExchange exchange) {
        String id = exchange.sessionId();
        return id == null ? "stdio" : id;
    }

    static CallToolResult result(ToolResult result) {
        CallToolResult.Builder builder = CallToolResult.builder()
                .structuredContent(result.structured())
                .addTextContent(result.text() != null ? result.text() : write(result.structured()))
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

package org.praefectus.mcp.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.praefectus.mcp.host.ToolHost;

/**
 * The {@code praefectus://} resources: server state, capabilities, surfaces, recent operations, plugins, desktop
 * profiles, the recent audit lines and the tool guide, each read live through the same host code as the tools (so a profile that may not run a tool sees
 * none of its data here either: every listed resource is backed by a read-only tool); and the template
 * {@code praefectus://operations/{operation_id}} for one operation's status. All JSON, no content: the same
 * rules as the tools' results.
 */
final class AgentResources {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String OPERATION_TEMPLATE = "praefectus://operations/{operation_id}";

    private AgentResources() {}

    static List<SyncResourceSpecification> resources(ToolHost host) {
        return List.of(
                json(
                        "praefectus://server/state",
                        "server-state",
                        "Server state",
                        "Name, version, profile and the tools this session may call.",
                        () -> state(host)),
                json(
                        "praefectus://capabilities",
                        "capabilities",
                        "Capabilities",
                        "The capabilities tool's result: executor, profile, confirmation, desktop session.",
                        () -> tool(host, "capabilities")),
                json(
                        "praefectus://surfaces",
                        "surfaces",
                        "Surfaces",
                        "The windows the executor lists now.",
                        () -> tool(host, "surfaces")),
                json(
                        "praefectus://operations/recent",
                        "recent-operations",
                        "Recent operations",
                        "Operation ids, action kinds and action hashes this server signed (no values).",
                        () -> Map.of("operations", host.recentOperations())),
                json(
                        "praefectus://plugins",
                        "plugins",
                        "Plugins",
                        "Trusted plugin tools (list_plugins).",
                        () -> tool(host, "list_plugins")),
                json(
                        "praefectus://desktop-profiles",
                        "desktop-profiles",
                        "Desktop profiles",
                        "The desktop-profile.v1 app profiles and their targets (desktop_profiles).",
                        () -> tool(host, "desktop_profiles")),
                json(
                        "praefectus://audit/recent",
                        "recent-audit",
                        "Recent audit",
                        "This server's latest audit lines: tool, decision, reason, hashes and lengths (no content).",
                        () -> Map.of("entries", host.recentAudit())),
                text("praefectus://docs/tools", "tool-guide", "Tool guide", ToolCatalog::guide));
    }

    static List<SyncResourceTemplateSpecification> templates(ToolHost host) {
        McpSchema.ResourceTemplate template = new McpSchema.ResourceTemplate(
                OPERATION_TEMPLATE,
                "operation",
                "Operation status",
                "The engine's acknowledgement for one operation id (the status tool).",
                "application/json",
                null);
        return List.of(new SyncResourceTemplateSpecification(template, (exchange, request) -> {
            String prefix = "praefectus://operations/";
            String id = request.uri().startsWith(prefix) ? request.uri().substring(prefix.length()) : "";
            if (id.isEmpty() || !id.matches("[A-Za-z0-9._:-]{1,128}")) {
                throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                        .message("not an operation resource: praefectus://operations/{operation_id}")
                        .build();
            }
            return contents(
                    request.uri(),
                    "application/json",
                    write(host.call("status", Map.of("operation_id", id), internal())
                            .structured()));
        }));
    }

    private static Map<String, Object> state(ToolHost host) {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("server", Servers.SERVER_NAME);
        state.put("version", Servers.version());
        state.put("profile", host.profile().wireName());
        state.put(
                "tools",
                ToolCatalog.definitions().stream()
                        .map(ToolCatalog.Definition::name)
                        .filter(host::allowsTool)
                        .toList());
        return state;
    }

    private static Map<String, Object> tool(ToolHost host, String name) {
        return host.call(name, Map.of(), internal()).structured();
    }

    private static ToolHost.CallContext internal() {
        return new ToolHost.CallContext("resources", org.praefectus.mcp.host.Confirmer.UNAVAILABLE);
    }

    private static SyncResourceSpecification json(
            String uri, String name, String title, String description, Supplier<Object> body) {
        McpSchema.Resource resource = McpSchema.Resource.builder(uri, name)
                .title(title)
                .description(description)
                .mimeType("application/json")
                .build();
        return new SyncResourceSpecification(
                resource, (exchange, request) -> contents(uri, "application/json", write(body.get())));
    }

    private static SyncResourceSpecification text(String uri, String name, String title, Supplier<String> body) {
        McpSchema.Resource resource = McpSchema.Resource.builder(uri, name)
                .title(title)
                .description("What each tool does and how act is approved, as Markdown.")
                .mimeType("text/markdown")
                .build();
        return new SyncResourceSpecification(
                resource, (exchange, request) -> contents(uri, "text/markdown", body.get()));
    }

    private static McpSchema.ReadResourceResult contents(String uri, String mimeType, String text) {
        return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(uri, mimeType, text)));
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

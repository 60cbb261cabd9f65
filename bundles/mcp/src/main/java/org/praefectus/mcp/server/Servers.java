package org.praefectus.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import org.praefectus.mcp.host.ToolHost;

/** What stdio and HTTP servers share. */
public final class Servers {

    static final String SERVER_NAME = "praefectus";
    static final String INSTRUCTIONS = "Praefectus acts on this computer safely: call observe, then act on a tag "
            + "from that observation. A signed tool (its title or description says so) is checked against the "
            + "profile, confirmed as its policy asks (elicitation), fenced against what was observed and executed at "
            + "most once; repeating it with the same operation_id (optional, generated when absent) replays its "
            + "recorded result; an outcome_unknown result must be checked (observe, status) before anything is "
            + "redone. Screen points are fenced by a coordinate observation. app and window_title narrow a tool to "
            + "the windows whose application and title contain them, window_id to one window of list_windows. A "
            + "tool error (isError) carries {error: "
            + "{code, message, next_action}, retry_safe}; praefectus://docs/tools is the full guide.";

    private Servers() {}

    static String version() {
        Package p = Servers.class.getPackage();
        return p != null && p.getImplementationVersion() != null ? p.getImplementationVersion() : "0.1.0";
    }

    /**
     * The one server both transports run (stdio and streamable HTTP): the same name, version, instructions,
     * capabilities, tools, resources, prompts and completions. The SDK's own input check is off: {@link ToolCatalog}
     * checks arguments itself, so a refusal carries a code ({@code ToolInputCheck}).
     */
    public static McpSyncServer build(
            McpServer.SyncSpecification<?> specification,
            McpJsonMapper mapper,
            JsonSchemaValidator validator,
            Duration requestTimeout,
            ToolHost host,
            List<SyncToolSpecification> tools) {
        return specification
                .serverInfo(SERVER_NAME, version())
                .jsonMapper(mapper)
                .jsonSchemaValidator(validator)
                .validateToolInputs(false)
                .requestTimeout(requestTimeout)
                .capabilities(capabilities())
                .instructions(INSTRUCTIONS)
                .tools(tools)
                .resources(AgentSurface.resources(host))
                .resourceTemplates(AgentSurface.templates(host))
                .prompts(AgentSurface.prompts(host))
                .completions(AgentSurface.completions(host))
                .build();
    }

    /** Tools (a fixed list per profile: no listChanged), resources, prompts, completions and logging. */
    static McpSchema.ServerCapabilities capabilities() {
        return McpSchema.ServerCapabilities.builder()
                .tools(false)
                .resources(false, false)
                .prompts(false)
                .completions()
                .logging()
                .build();
    }
}

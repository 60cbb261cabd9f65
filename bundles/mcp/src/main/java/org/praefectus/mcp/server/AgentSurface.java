package org.praefectus.mcp.server;

import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import java.util.List;
import org.praefectus.mcp.host.ToolHost;
import org.praefectus.mcp.host.ToolSet;

/**
 * What both transports register besides the tools: resources, templates, prompts, completions. They read the
 * desktop's tools (surfaces, plugins, desktop profiles, window titles), so a browser page's server offers none.
 */
public final class AgentSurface {

    private AgentSurface() {}

    public static List<SyncResourceSpecification> resources(ToolHost host) {
        return desktop(host) ? AgentResources.resources(host) : List.of();
    }

    public static List<SyncResourceTemplateSpecification> templates(ToolHost host) {
        return desktop(host) ? AgentResources.templates(host) : List.of();
    }

    public static List<SyncPromptSpecification> prompts(ToolHost host) {
        return desktop(host) ? AgentPrompts.prompts() : List.of();
    }

    public static List<SyncCompletionSpecification> completions(ToolHost host) {
        return desktop(host) ? AgentPrompts.completions(host) : List.of();
    }

    private static boolean desktop(ToolHost host) {
        return host.toolSet() == ToolSet.DESKTOP;
    }
}

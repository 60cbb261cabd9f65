package org.praefectus.mcp.server;

import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import java.util.List;
import org.praefectus.mcp.host.ToolHost;

/** What both transports register besides the tools: resources, templates, prompts, completions. */
public final class AgentSurface {

    private AgentSurface() {}

    public static List<SyncResourceSpecification> resources(ToolHost host) {
        return AgentResources.resources(host);
    }

    public static List<SyncResourceTemplateSpecification> templates(ToolHost host) {
        return AgentResources.templates(host);
    }

    public static List<SyncPromptSpecification> prompts() {
        return AgentPrompts.prompts();
    }

    public static List<SyncCompletionSpecification> completions(ToolHost host) {
        return AgentPrompts.completions(host);
    }
}

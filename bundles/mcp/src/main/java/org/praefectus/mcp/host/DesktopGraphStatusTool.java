package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Set;
import org.praefectus.api.graph.GraphException;

/** {@code desktop_graph_status} (PeekabooX, memory_read): staleness, counts, the last event and invalidation. */
final class DesktopGraphStatusTool implements Tool {

    private final HostServices services;

    DesktopGraphStatusTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "desktop_graph_status";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, Set.of());
        GraphTools.Service service = GraphTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        try {
            return ToolResult.ok(GraphTools.map(service.graph().status()));
        } catch (GraphException e) {
            return GraphTools.failure(e);
        }
    }
}

package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.graph.EdgeQuery;
import org.praefectus.api.graph.GraphEdge;
import org.praefectus.api.graph.GraphException;

/**
 * {@code query_desktop_edges} (PeekabooX, memory_read): edges by {@code source}, {@code target}, {@code kind},
 * {@code latest_only} (default true).
 */
final class QueryDesktopEdgesTool implements Tool {

    private final HostServices services;

    QueryDesktopEdgesTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "query_desktop_edges";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, Set.of("source", "target", "kind", "latest_only"));
        EdgeQuery query = new EdgeQuery(
                ToolArguments.stringArgument(args, "source", false),
                ToolArguments.stringArgument(args, "target", false),
                ToolArguments.stringArgument(args, "kind", false),
                !args.containsKey("latest_only") || ToolArguments.boolArgument(args, "latest_only"));
        GraphTools.Service service = GraphTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        try {
            List<GraphEdge> edges = service.graph().queryEdges(query);
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("edges", GraphTools.list(edges));
            body.put("count", edges.size());
            return ToolResult.ok(body);
        } catch (GraphException e) {
            return GraphTools.failure(e);
        }
    }
}

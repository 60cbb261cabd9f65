package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.graph.GraphException;

/** {@code latest_desktop_snapshot} (PeekabooX, memory_read): the latest snapshot, {@code snapshot: null} when none. */
final class LatestDesktopSnapshotTool implements Tool {

    private final HostServices services;

    LatestDesktopSnapshotTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "latest_desktop_snapshot";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, Set.of());
        GraphTools.Service service = GraphTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        try {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("snapshot", service.graph().latest().map(GraphTools::map).orElse(null));
            return ToolResult.ok(body);
        } catch (GraphException e) {
            return GraphTools.failure(e);
        }
    }
}

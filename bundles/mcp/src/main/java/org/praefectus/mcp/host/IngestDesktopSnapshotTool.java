package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Set;
import org.praefectus.api.graph.GraphException;

/**
 * {@code ingest_desktop_snapshot} (PeekabooX, memory_write): samples the platform's desktop state and stores it as the
 * graph's latest snapshot ({@code snapshot_id} optional).
 */
final class IngestDesktopSnapshotTool implements Tool {

    private final HostServices services;
    private final String name;

    IngestDesktopSnapshotTool(HostServices services, String name) {
        this.services = services;
        this.name = name;
    }

    /** {@code ingest_desktop_snapshot}. */
    static IngestDesktopSnapshotTool ingest(HostServices services) {
        return new IngestDesktopSnapshotTool(services, "ingest_desktop_snapshot");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name, args, Set.of("snapshot_id"));
        String id = ToolArguments.stringArgument(args, "snapshot_id", false);
        GraphTools.Service service = GraphTools.of(services, name);
        if (service.missing() != null) {
            return service.missing();
        }
        try {
            return ToolResult.ok(GraphTools.map(
                    service.graph().refresh(id, context.cancellation().token())));
        } catch (GraphException e) {
            return GraphTools.failure(e);
        }
    }
}

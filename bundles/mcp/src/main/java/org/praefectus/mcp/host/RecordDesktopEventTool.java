package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Set;
import org.praefectus.api.graph.DesktopEvent;
import org.praefectus.api.graph.GraphException;

/**
 * {@code record_desktop_event} (PeekabooX, memory_write): {@code kind}, optional {@code source} ({@code mcp}),
 * {@code target_id}, {@code payload} (a text, value, password, secret, key or clipboard field is stored only as its
 * length) and {@code occurred_at_unix_ms}; the graph is invalidated.
 */
final class RecordDesktopEventTool implements Tool {

    private static final Set<String> ARGUMENTS =
            Set.of("kind", "source", "target_id", "payload", "occurred_at_unix_ms");

    private final HostServices services;

    RecordDesktopEventTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "record_desktop_event";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        String kind = ToolArguments.stringArgument(args, "kind", true);
        String source = ToolArguments.stringArgument(args, "source", false);
        Object at = args.get("occurred_at_unix_ms");
        if (at != null && !(at instanceof Number number && number.longValue() > 0 && number.doubleValue() % 1 == 0)) {
            throw new ToolArguments.InvalidArgument("occurred_at_unix_ms must be a positive integer");
        }
        DesktopEvent event = new DesktopEvent(
                kind,
                source == null ? "mcp" : source,
                at == null ? 0 : ((Number) at).longValue(),
                ToolArguments.stringArgument(args, "target_id", false),
                GraphTools.objectArgument(args, "payload"));
        GraphTools.Service service = GraphTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        try {
            return ToolResult.ok(GraphTools.map(service.graph().recordEvent(event, null)));
        } catch (GraphException e) {
            return GraphTools.failure(e);
        }
    }
}

package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Set;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.NodeQuery;
import org.praefectus.api.host.Capability;
import org.praefectus.api.host.CapabilityProfile;

/**
 * {@code query_desktop_graph} (PeekabooX, memory_read): nodes by {@code kind}, {@code label_contains}, {@code role},
 * {@code attribute_equals}, {@code contained_by}, {@code latest_only} (default true); {@code refresh_if_stale}
 * samples the desktop first when the graph is stale, which needs memory_write.
 */
final class QueryDesktopGraphTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of(
            "kind", "label_contains", "role", "attribute_equals", "contained_by", "latest_only", "refresh_if_stale");

    private final HostServices services;
    private final CapabilityProfile profile;

    QueryDesktopGraphTool(HostServices services, CapabilityProfile profile) {
        this.services = services;
        this.profile = profile;
    }

    @Override
    public String name() {
        return "query_desktop_graph";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        boolean refresh = ToolArguments.boolArgument(args, "refresh_if_stale");
        NodeQuery query = new NodeQuery(
                ToolArguments.stringArgument(args, "kind", false),
                ToolArguments.stringArgument(args, "label_contains", false),
                ToolArguments.stringArgument(args, "role", false),
                GraphTools.objectArgument(args, "attribute_equals"),
                ToolArguments.stringArgument(args, "contained_by", false),
                !args.containsKey("latest_only") || ToolArguments.boolArgument(args, "latest_only"),
                refresh);
        if (refresh && !profile.holds(Capability.MEMORY_WRITE)) {
            return ToolResult.failure(
                    "capability_denied",
                    "the capability profile " + profile.wireName() + " does not allow memory_write (refresh_if_stale)",
                    "query without refresh_if_stale, or ask the operator for the plan profile or above",
                    true,
                    Map.of("profile", profile.wireName(), "capability", Capability.MEMORY_WRITE.wireName()));
        }
        GraphTools.Service service = GraphTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        try {
            return ToolResult.ok(GraphTools.map(
                    service.graph().queryNodes(query, context.cancellation().token())));
        } catch (GraphException e) {
            return GraphTools.failure(e);
        }
    }
}

package org.praefectus.mcp.host;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.graph.DesktopGraph;
import org.praefectus.api.graph.GraphException;

/**
 * What the desktop graph tools share: the runtime's {@link DesktopGraph} (or {@code graph_unavailable}), its typed
 * errors as tool errors, and its records as the plain maps of structured content.
 */
final class GraphTools {

    private GraphTools() {}

    /** The graph, or the tool error that says there is none. */
    record Service(DesktopGraph graph, ToolResult missing) {}

    static Service of(HostServices services, String tool) {
        Optional<DesktopGraph> graph = services.desktopGraph();
        return graph.map(found -> new Service(found, null))
                .orElseGet(() -> new Service(
                        null,
                        ToolResult.failure(
                                "graph_unavailable",
                                "this runtime has no desktop graph for " + tool,
                                "run the server from praefectus.jar, whose workflow bundle keeps the graph",
                                true)));
    }

    static ToolResult failure(GraphException e) {
        String next = switch (e.code()) {
            case "desktop_unavailable" -> "check the desktop session with doctor";
            case "graph_unavailable" -> "check the graph state folder ($XDG_STATE_HOME/praefectus/graph)";
            default -> "fix the arguments and call again";
        };
        return ToolResult.failure(e.code(), e.getMessage(), next, true);
    }

    @SuppressWarnings("unchecked") // a record with JSON properties serializes as an object
    static Map<String, Object> map(Object value) {
        return ToolJson.JSON.convertValue(value, Map.class);
    }

    static List<Object> list(List<?> values) {
        return values.stream().map(value -> (Object) map(value)).toList();
    }

    /** A JSON object argument as a map ({@code null} when absent). */
    @SuppressWarnings("unchecked") // checked: a JSON object is a Map with String keys
    static Map<String, Object> objectArgument(Map<String, Object> args, String name) {
        Object value = args.get(name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof Map<?, ?>)) {
            throw new ToolArguments.InvalidArgument(name + " must be an object");
        }
        return (Map<String, Object>) value;
    }
}

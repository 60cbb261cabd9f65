package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.graph.DesktopEvent;
import org.praefectus.api.graph.DesktopGraph;
import org.praefectus.api.graph.EdgeQuery;
import org.praefectus.api.graph.GraphEdge;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.NodeQuery;

/**
 * PeekabooX's desktop graph tools as socket methods over the typed {@link DesktopGraph}:
 * {@code ingest_desktop_snapshot} and {@code refresh_desktop_graph} ({@code snapshot_id}: the desktop sampled and
 * stored), {@code latest_desktop_snapshot}, {@code desktop_graph_status}, {@code record_desktop_event} ({@code kind},
 * {@code source}, {@code occurred_at_unix_ms}, {@code target_id}, {@code payload}), {@code query_desktop_graph}
 * ({@code kind}, {@code label_contains}, {@code role}, {@code attribute_equals}, {@code contained_by},
 * {@code latest_only} default true, {@code refresh_if_stale}) and {@code query_desktop_edges} ({@code source},
 * {@code target}, {@code kind}, {@code latest_only} default true). The answers are the service's records, as MCP's.
 */
final class SocketGraph {

    static final List<String> METHODS = List.of(
            "ingest_desktop_snapshot",
            "refresh_desktop_graph",
            "latest_desktop_snapshot",
            "desktop_graph_status",
            "record_desktop_event",
            "query_desktop_graph",
            "query_desktop_edges");

    private final DesktopGraph graph;

    SocketGraph(DesktopGraph graph) {
        this.graph = graph;
    }

    /** Whether a {@code query_desktop_graph} request may sample the desktop (which writes the graph). */
    static boolean writes(String method, RequestFields fields) throws IpcException {
        return method.equals("query_desktop_graph") && fields.flag("refresh_if_stale");
    }

    Object call(String method, RequestFields fields, CancellationToken token) throws IpcException {
        try {
            switch (method) {
                case "ingest_desktop_snapshot", "refresh_desktop_graph" -> {
                    String id = fields.text("snapshot_id");
                    fields.noneLeft();
                    return graph.refresh(id, token);
                }
                case "latest_desktop_snapshot" -> {
                    fields.noneLeft();
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("snapshot", graph.latest().orElse(null));
                    return body;
                }
                case "desktop_graph_status" -> {
                    fields.noneLeft();
                    return graph.status();
                }
                case "record_desktop_event" -> {
                    return graph.recordEvent(event(fields), null);
                }
                case "query_desktop_graph" -> {
                    NodeQuery query = new NodeQuery(
                            fields.text("kind"),
                            fields.text("label_contains"),
                            fields.text("role"),
                            object(fields, "attribute_equals"),
                            fields.text("contained_by"),
                            latestOnly(fields),
                            fields.flag("refresh_if_stale"));
                    fields.noneLeft();
                    return graph.queryNodes(query, token);
                }
                default -> {
                    EdgeQuery query = new EdgeQuery(
                            fields.text("source"), fields.text("target"), fields.text("kind"), latestOnly(fields));
                    fields.noneLeft();
                    List<GraphEdge> edges = graph.queryEdges(query);
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("edges", edges);
                    body.put("count", edges.size());
                    return body;
                }
            }
        } catch (GraphException e) {
            throw new IpcException(e.code(), e.getMessage());
        }
    }

    private static boolean latestOnly(RequestFields fields) throws IpcException {
        return !fields.has("latest_only") || fields.flag("latest_only");
    }

    private static DesktopEvent event(RequestFields fields) throws IpcException {
        String kind = fields.requiredText("kind");
        String source = fields.text("source");
        Long at = fields.integer("occurred_at_unix_ms", 1, Long.MAX_VALUE);
        DesktopEvent event = new DesktopEvent(
                kind,
                source == null ? "daemon" : source,
                at == null ? 0 : at,
                fields.text("target_id"),
                object(fields, "payload"));
        fields.noneLeft();
        return event;
    }

    @SuppressWarnings("unchecked") // a JSON object converts to a Map with String keys
    private static Map<String, Object> object(RequestFields fields, String name) throws IpcException {
        JsonNode value = fields.node(name);
        if (value == null) {
            return null;
        }
        if (!value.isObject()) {
            throw IpcException.invalid("the field " + name + " must be an object");
        }
        return Replies.JSON.convertValue(value, Map.class);
    }
}

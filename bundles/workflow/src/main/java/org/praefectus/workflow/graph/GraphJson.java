package org.praefectus.workflow.graph;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.graph.GraphEdge;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.graph.GraphSnapshot;
import org.praefectus.api.protocol.Rect;

/**
 * PeekabooX's graph JSON ({@code {"snapshots":[{"id","captured_at_unix_ms","active_window_id","nodes","edges"}]}}),
 * written with sorted keys and read strictly: a wrong field is {@code invalid_graph} naming its path
 * ({@code snapshots[0].nodes[3].kind}), never quoting the document.
 */
final class GraphJson {

    /** Integers read as {@code Long}, as the snapshot builder makes them, so a reloaded snapshot equals the stored one. */
    static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.USE_LONG_FOR_INTS, true)
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
            .configure(SerializationFeature.FAIL_ON_EMPTY_BEANS, false);

    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

    private GraphJson() {}

    static String write(List<GraphSnapshot> snapshots) throws GraphException {
        try {
            return MAPPER.writeValueAsString(Map.of("snapshots", snapshots));
        } catch (JsonProcessingException e) {
            throw new GraphException("graph_unavailable", "the graph cannot be written as JSON");
        }
    }

    static String attributes(Map<String, Object> attributes) {
        try {
            return MAPPER.writeValueAsString(attributes);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("attributes are JSON values", e);
        }
    }

    /** {@code values} as they read back from the database (integers as {@code Long}, lists and maps as Jackson's). */
    static Map<String, Object> normalized(Map<String, Object> values) {
        return MAPPER.convertValue(values, OBJECT);
    }

    static Map<String, Object> attributes(String json) throws GraphException {
        try {
            return MAPPER.readValue(json, OBJECT);
        } catch (JsonProcessingException e) {
            throw new GraphException("graph_unavailable", "a stored attribute set is not JSON");
        }
    }

    static List<GraphSnapshot> read(String json) throws GraphException {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw invalid("the document", "is not JSON");
        }
        if (root == null || !root.isObject()) {
            throw invalid("the document", "must be an object");
        }
        only(root, "", Set.of("snapshots"));
        JsonNode list = root.get("snapshots");
        if (list == null || !list.isArray()) {
            throw invalid("snapshots", "must be a list");
        }
        List<GraphSnapshot> snapshots = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            GraphSnapshot snapshot = snapshot(list.get(i), "snapshots[" + i + "]");
            if (!ids.add(snapshot.id())) {
                throw invalid("snapshots[" + i + "].id", "repeats an earlier snapshot's id");
            }
            snapshots.add(snapshot);
        }
        return snapshots;
    }

    private static GraphSnapshot snapshot(JsonNode value, String path) throws GraphException {
        object(value, path);
        only(value, path + ".", Set.of("id", "captured_at_unix_ms", "active_window_id", "nodes", "edges"));
        String id = text(value, path, "id", true);
        JsonNode at = value.get("captured_at_unix_ms");
        if (at == null || !at.canConvertToLong() || !at.isIntegralNumber()) {
            throw invalid(path + ".captured_at_unix_ms", "must be an integer");
        }
        String active = text(value, path, "active_window_id", false);
        JsonNode nodes = array(value, path, "nodes");
        JsonNode edges = array(value, path, "edges");
        List<GraphNode> graphNodes = new ArrayList<>();
        Set<String> nodeIds = new HashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            GraphNode node = node(nodes.get(i), path + ".nodes[" + i + "]");
            if (!nodeIds.add(node.id())) {
                throw invalid(path + ".nodes[" + i + "].id", "repeats an earlier node's id");
            }
            graphNodes.add(node);
        }
        List<GraphEdge> graphEdges = new ArrayList<>();
        for (int i = 0; i < edges.size(); i++) {
            graphEdges.add(edge(edges.get(i), path + ".edges[" + i + "]"));
        }
        return new GraphSnapshot(id, at.asLong(), active, graphNodes, graphEdges);
    }

    private static GraphNode node(JsonNode value, String path) throws GraphException {
        object(value, path);
        only(value, path + ".", Set.of("id", "kind", "label", "role", "bounds", "attributes"));
        String kind = text(value, path, "kind", true);
        if (!GraphQueries.KINDS.contains(kind)) {
            throw invalid(path + ".kind", "must be snapshot, window or element");
        }
        return new GraphNode(
                text(value, path, "id", true),
                kind,
                text(value, path, "label", false),
                text(value, path, "role", false),
                bounds(value.get("bounds"), path + ".bounds"),
                attributes(value.get("attributes"), path + ".attributes"));
    }

    private static GraphEdge edge(JsonNode value, String path) throws GraphException {
        object(value, path);
        only(value, path + ".", Set.of("source", "target", "kind", "attributes"));
        return new GraphEdge(
                text(value, path, "source", true),
                text(value, path, "target", true),
                text(value, path, "kind", true),
                attributes(value.get("attributes"), path + ".attributes"));
    }

    private static Rect bounds(JsonNode value, String path) throws GraphException {
        if (value == null || value.isNull()) {
            return null;
        }
        object(value, path);
        only(value, path + ".", Set.of("x", "y", "width", "height"));
        long[] parts = new long[4];
        String[] names = {"x", "y", "width", "height"};
        for (int i = 0; i < 4; i++) {
            JsonNode part = value.get(names[i]);
            if (part == null || !part.isIntegralNumber() || !part.canConvertToLong()) {
                throw invalid(path + "." + names[i], "must be an integer");
            }
            parts[i] = part.asLong();
        }
        return new Rect(parts[0], parts[1], parts[2], parts[3]);
    }

    private static Map<String, Object> attributes(JsonNode value, String path) throws GraphException {
        if (value == null) {
            return Map.of();
        }
        if (!value.isObject()) {
            throw invalid(path, "must be an object");
        }
        return MAPPER.convertValue(value, OBJECT);
    }

    private static void object(JsonNode value, String path) throws GraphException {
        if (value == null || !value.isObject()) {
            throw invalid(path, "must be an object");
        }
    }

    private static JsonNode array(JsonNode value, String path, String name) throws GraphException {
        JsonNode list = value.get(name);
        if (list == null || !list.isArray()) {
            throw invalid(path + "." + name, "must be a list");
        }
        return list;
    }

    private static String text(JsonNode value, String path, String name, boolean required) throws GraphException {
        JsonNode field = value.get(name);
        if (field == null || field.isNull()) {
            if (required) {
                throw invalid(path + "." + name, "is required");
            }
            return null;
        }
        if (!field.isTextual() || (required && field.asText().isEmpty())) {
            throw invalid(path + "." + name, required ? "must be a non-empty string" : "must be a string or null");
        }
        return field.asText();
    }

    private static void only(JsonNode value, String prefix, Set<String> names) throws GraphException {
        for (Iterator<String> fields = value.fieldNames(); fields.hasNext(); ) {
            String name = fields.next();
            if (!names.contains(name)) {
                throw invalid(prefix + "(field)", "has an unknown field");
            }
        }
    }

    private static GraphException invalid(String path, String problem) {
        return new GraphException("invalid_graph", path + " " + problem);
    }
}

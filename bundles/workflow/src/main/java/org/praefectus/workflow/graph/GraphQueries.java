package org.praefectus.workflow.graph;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.praefectus.api.graph.EdgeQuery;
import org.praefectus.api.graph.GraphEdge;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.graph.GraphSnapshot;
import org.praefectus.api.graph.NodeQuery;

/** PeekabooX's node and edge filters over snapshots held in memory (a scan: 10^4 nodes take well under a millisecond). */
final class GraphQueries {

    static final Set<String> KINDS = Set.of(SnapshotBuilder.SNAPSHOT, SnapshotBuilder.WINDOW, SnapshotBuilder.ELEMENT);

    private GraphQueries() {}

    static void check(NodeQuery query) throws GraphException {
        if (query.kind() != null && !KINDS.contains(query.kind())) {
            throw new GraphException("invalid_query", "kind must be snapshot, window or element");
        }
        for (String name : query.attributeEquals().keySet()) {
            if (name == null || name.isEmpty()) {
                throw new GraphException("invalid_query", "attribute names must not be empty");
            }
        }
    }

    static List<GraphNode> nodes(List<GraphSnapshot> snapshots, NodeQuery query) {
        return nodes(snapshots, query, GraphQueries::containment);
    }

    /**
     * The matching nodes, with each snapshot's {@code contains} edges by window from {@code containment} (a cache: a
     * snapshot never changes).
     */
    static List<GraphNode> nodes(
            List<GraphSnapshot> snapshots,
            NodeQuery query,
            java.util.function.Function<GraphSnapshot, Map<String, Set<String>>> containment) {
        String needle = query.labelContains() == null ? null : fold(query.labelContains());
        String container = query.containedBy() == null ? null : SnapshotBuilder.windowNodeId(query.containedBy());
        // the expected attributes as arrays, read once: a map's entry iteration per node costs more than the scan
        String[] names = query.attributeEquals().keySet().toArray(new String[0]);
        Object[] values = new Object[names.length];
        for (int i = 0; i < names.length; i++) {
            values[i] = query.attributeEquals().get(names[i]);
        }
        List<GraphNode> matches = new ArrayList<>();
        for (GraphSnapshot snapshot : query.latestOnly() ? latest(snapshots) : snapshots) {
            Set<String> contained =
                    container == null ? null : containment.apply(snapshot).getOrDefault(container, Set.of());
            for (GraphNode node : snapshot.nodes()) {
                if (query.kind() != null && !query.kind().equals(node.kind())) {
                    continue;
                }
                if (query.role() != null && !query.role().equals(node.role())) {
                    continue;
                }
                if (needle != null
                        && (node.label() == null || !fold(node.label()).contains(needle))) {
                    continue;
                }
                if (contained != null && !contained.contains(node.id())) {
                    continue;
                }
                if (attributesMatch(node.attributes(), names, values)) {
                    matches.add(node);
                }
            }
        }
        return matches;
    }

    static List<GraphEdge> edges(List<GraphSnapshot> snapshots, EdgeQuery query) {
        List<GraphEdge> matches = new ArrayList<>();
        for (GraphSnapshot snapshot : query.latestOnly() ? latest(snapshots) : snapshots) {
            for (GraphEdge edge : snapshot.edges()) {
                if ((query.source() == null || query.source().equals(edge.source()))
                        && (query.target() == null || query.target().equals(edge.target()))
                        && (query.kind() == null || query.kind().equals(edge.kind()))) {
                    matches.add(edge);
                }
            }
        }
        return matches;
    }

    /** The {@code contains} edges of {@code snapshot}: the nodes each window reaches. */
    static Map<String, Set<String>> containment(GraphSnapshot snapshot) {
        Map<String, Set<String>> byWindow = new java.util.HashMap<>();
        for (GraphEdge edge : snapshot.edges()) {
            if (edge.kind().equals("contains")) {
                byWindow.computeIfAbsent(edge.source(), window -> new HashSet<>())
                        .add(edge.target());
            }
        }
        return byWindow;
    }

    /** The nodes a {@code contains} edge from {@code window} reaches in {@code snapshot}. */
    static Set<String> containedBy(GraphSnapshot snapshot, String window) {
        Set<String> targets = new HashSet<>();
        for (GraphEdge edge : snapshot.edges()) {
            if (edge.source().equals(window) && edge.kind().equals("contains")) {
                targets.add(edge.target());
            }
        }
        return targets;
    }

    private static List<GraphSnapshot> latest(List<GraphSnapshot> snapshots) {
        return snapshots.isEmpty() ? List.of() : List.of(snapshots.get(snapshots.size() - 1));
    }

    private static boolean attributesMatch(Map<String, Object> attributes, String[] names, Object[] values) {
        for (int i = 0; i < names.length; i++) {
            Object actual = attributes.get(names[i]);
            if (actual == null
                    ? values[i] != null || !attributes.containsKey(names[i])
                    : !jsonEquals(actual, values[i])) {
                return false;
            }
        }
        return true;
    }

    /** JSON equality: numbers by value (1 equals 1.0, an int equals a long), lists and objects element by element. */
    static boolean jsonEquals(Object a, Object b) {
        if (a instanceof String || a instanceof Boolean) {
            return a.equals(b);
        }
        if (a instanceof Number x && b instanceof Number y) {
            try {
                return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString())) == 0;
            } catch (NumberFormatException notFinite) {
                return x.toString().equals(y.toString());
            }
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!jsonEquals(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (!x.keySet().equals(y.keySet())) {
                return false;
            }
            for (Object key : x.keySet()) {
                if (!jsonEquals(x.get(key), y.get(key))) {
                    return false;
                }
            }
            return true;
        }
        return Objects.equals(a, b);
    }

    private static String fold(String text) {
        return text.toLowerCase(Locale.ROOT);
    }
}

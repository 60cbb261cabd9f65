package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The DOM of one frame's document as {@code DOMSnapshot.captureSnapshot} reports it (document order): node
 * type, upper-case element name, text of text nodes, attributes, parent and children. Pseudo-elements are marked so
 * they are never taken for elements.
 */
final class DomNodes {

    static final int ELEMENT = 1;
    static final int TEXT = 3;
    static final int DOCUMENT = 9;

    private final int[] types;
    private final String[] names;
    private final String[] values;
    private final long[] backendIds;
    private final List<Map<String, String>> attributes;
    private final boolean[] pseudo;
    private final int[] parents;
    private final int[][] children;
    private final Map<String, Integer> byId;
    private final Map<String, List<Integer>> labelsFor;

    private DomNodes(
            int[] types,
            String[] names,
            String[] values,
            long[] backendIds,
            List<Map<String, String>> attributes,
            boolean[] pseudo,
            int[] parents,
            int[][] children,
            Map<String, Integer> byId,
            Map<String, List<Integer>> labelsFor) {
        this.types = types;
        this.names = names;
        this.values = values;
        this.backendIds = backendIds;
        this.attributes = attributes;
        this.pseudo = pseudo;
        this.parents = parents;
        this.children = children;
        this.byId = byId;
        this.labelsFor = labelsFor;
    }

    static DomNodes parse(JsonNode nodes, JsonNode strings, int[] parents) {
        int count = parents.length;
        JsonNode type = nodes.path("nodeType");
        JsonNode name = nodes.path("nodeName");
        JsonNode value = nodes.path("nodeValue");
        JsonNode backend = nodes.path("backendNodeId");
        JsonNode attrs = nodes.path("attributes");
        if (type.size() != count || name.size() != count || attrs.size() != count) {
            throw new IllegalArgumentException("malformed nodes");
        }
        int[] types = new int[count];
        String[] names = new String[count];
        String[] values = new String[count];
        long[] backendIds = new long[count];
        List<Map<String, String>> attributes = new ArrayList<>(count);
        boolean[] pseudo = new boolean[count];
        int[] childCount = new int[count];
        Map<String, Integer> byId = new HashMap<>();
        Map<String, List<Integer>> labelsFor = new HashMap<>();
        for (int i = 0; i < count; i++) {
            types[i] = type.get(i).asInt();
            names[i] = string(strings, name.get(i));
            values[i] = string(strings, value.path(i));
            backendIds[i] = backend.get(i).asLong();
            JsonNode pairs = attrs.get(i);
            Map<String, String> map = Map.of();
            if (pairs.size() > 0) {
                map = new HashMap<>(pairs.size());
                for (int a = 0; a + 1 < pairs.size(); a += 2) {
                    String key = string(strings, pairs.get(a));
                    if (key != null) {
                        map.putIfAbsent(key.toLowerCase(java.util.Locale.ROOT), string(strings, pairs.get(a + 1)));
                    }
                }
                String id = map.get("id");
                if (id != null) {
                    byId.putIfAbsent(id, i);
                }
                String forId = map.get("for");
                if (forId != null && "LABEL".equals(names[i])) {
                    labelsFor.computeIfAbsent(forId, key -> new ArrayList<>()).add(i);
                }
            }
            attributes.add(map);
            if (parents[i] >= 0 && parents[i] < count) {
                childCount[parents[i]]++;
            }
        }
        for (JsonNode index : nodes.path("pseudoType").path("index")) {
            int node = index.asInt(-1);
            if (node >= 0 && node < count) {
                pseudo[node] = true;
            }
        }
        int[][] children = new int[count][];
        for (int i = 0; i < count; i++) {
            children[i] = new int[childCount[i]];
            childCount[i] = 0;
        }
        for (int i = 0; i < count; i++) {
            int parent = parents[i];
            if (parent >= 0 && parent < count) {
                children[parent][childCount[parent]++] = i;
            }
        }
        return new DomNodes(types, names, values, backendIds, attributes, pseudo, parents, children, byId, labelsFor);
    }

    private static String string(JsonNode strings, JsonNode index) {
        return index != null && index.isInt() && index.asInt() >= 0
                ? strings.path(index.asInt()).asText(null)
                : null;
    }

    int size() {
        return types.length;
    }

    int type(int node) {
        return types[node];
    }

    /** The element name in upper case (HTML), {@code #text}, {@code #document}, … */
    String name(int node) {
        return names[node] == null ? "" : names[node];
    }

    String text(int node) {
        return values[node];
    }

    long backendNodeId(int node) {
        return backendIds[node];
    }

    String attribute(int node, String name) {
        return attributes.get(node).get(name);
    }

    boolean hasAttribute(int node, String name) {
        return attributes.get(node).containsKey(name);
    }

    boolean pseudo(int node) {
        return pseudo[node];
    }

    int parent(int node) {
        return parents[node];
    }

    int[] children(int node) {
        return children[node];
    }

    /** The {@code <label for=id>} elements naming this {@code id}, in document order. */
    List<Integer> labelsFor(String id) {
        return labelsFor.getOrDefault(id, List.of());
    }

    /** The first element with this {@code id}, or -1. */
    int byId(String id) {
        Integer node = byId.get(id);
        return node == null ? -1 : node;
    }
}

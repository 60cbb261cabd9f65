package org.praefectus.api.graph;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A query over the graph's nodes (PeekabooX's {@code query_desktop_graph}); every filter that is set must hold.
 *
 * @param kind            {@code snapshot}, {@code window} or {@code element}, or {@code null} for any
 * @param labelContains   a substring of the label, case-insensitive, or {@code null}
 * @param role            the exact role, or {@code null}
 * @param attributeEquals attribute values that must be equal (numbers by value), empty for none
 * @param containedBy     a window (its node id, or its window id without {@code window:}) whose {@code contains} edge
 *                        must reach the node, or {@code null}
 * @param latestOnly      only the latest snapshot (else every kept snapshot, oldest first)
 * @param refreshIfStale  sample the desktop first when the graph is stale or empty
 */
public record NodeQuery(
        String kind,
        String labelContains,
        String role,
        Map<String, Object> attributeEquals,
        String containedBy,
        boolean latestOnly,
        boolean refreshIfStale) {

    public NodeQuery {
        attributeEquals =
                attributeEquals == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(attributeEquals));
    }

    /** Every node of the latest snapshot. */
    public static NodeQuery latest() {
        return new NodeQuery(null, null, null, Map.of(), null, true, false);
    }
}

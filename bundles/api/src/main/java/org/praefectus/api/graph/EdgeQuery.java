package org.praefectus.api.graph;

/**
 * A query over the graph's edges (PeekabooX's {@code query_desktop_edges}); every filter that is set must hold.
 *
 * @param source     the source node's id, or {@code null}
 * @param target     the target node's id, or {@code null}
 * @param kind       the relation, or {@code null}
 * @param latestOnly only the latest snapshot
 */
public record EdgeQuery(String source, String target, String kind, boolean latestOnly) {}

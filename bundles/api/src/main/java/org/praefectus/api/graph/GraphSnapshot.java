package org.praefectus.api.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * The desktop at one moment as a graph (PeekabooX's {@code DesktopGraphSnapshot}).
 *
 * @param id               {@code snapshot:<ms>:<n>} unless the caller named it
 * @param capturedAtUnixMs when the desktop state was sampled or ingested
 * @param activeWindowId   the active window's node id, or {@code null}
 * @param nodes            the snapshot node first, then windows, then elements
 * @param edges            the relations between them
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GraphSnapshot(
        @JsonProperty("id") String id,
        @JsonProperty("captured_at_unix_ms") long capturedAtUnixMs,
        @JsonProperty("active_window_id") String activeWindowId,
        @JsonProperty("nodes") List<GraphNode> nodes,
        @JsonProperty("edges") List<GraphEdge> edges) {

    public GraphSnapshot {
        Objects.requireNonNull(id, "id");
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }
}

package org.praefectus.api.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What an event made stale (PeekabooX's {@code DesktopGraphInvalidation}).
 *
 * @param event                 the event
 * @param invalidatedSnapshotId the latest snapshot then, or {@code null}
 * @param affectedNodeIds       its nodes the event is about (a window's elements with it), every window for a focus
 *                              event without a target, every node otherwise
 * @param reason                {@code <source>:<kind>}
 * @param requiresRefresh       always true: the graph must be sampled again
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GraphInvalidation(
        @JsonProperty("event") DesktopEvent event,
        @JsonProperty("invalidated_snapshot_id") String invalidatedSnapshotId,
        @JsonProperty("affected_node_ids") List<String> affectedNodeIds,
        @JsonProperty("reason") String reason,
        @JsonProperty("requires_refresh") boolean requiresRefresh) {

    public GraphInvalidation {
        affectedNodeIds = List.copyOf(affectedNodeIds);
    }
}

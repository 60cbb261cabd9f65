package org.praefectus.api.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The nodes a {@link NodeQuery} found.
 *
 * @param nodes      the matches, in snapshot order
 * @param snapshotId the latest snapshot they were read from, or {@code null} when there is none
 * @param refreshed  whether the desktop was sampled first ({@code refresh_if_stale} on a stale graph)
 * @param stale      whether the graph is stale after the query
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record NodeMatches(
        @JsonProperty("nodes") List<GraphNode> nodes,
        @JsonProperty("snapshot_id") String snapshotId,
        @JsonProperty("refreshed") boolean refreshed,
        @JsonProperty("stale") boolean stale) {

    public NodeMatches {
        nodes = List.copyOf(nodes);
    }

    @JsonProperty("count")
    public int count() {
        return nodes.size();
    }
}

package org.praefectus.api.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The graph's state (PeekabooX's {@code DesktopGraphStatus}).
 *
 * @param stale             whether an event invalidated the latest snapshot (or there is none)
 * @param latestSnapshotId  the latest snapshot's id, or {@code null}
 * @param eventCount        events recorded
 * @param invalidationCount invalidations recorded
 * @param snapshotCount     snapshots kept
 * @param nodeCount         nodes over the kept snapshots
 * @param edgeCount         edges over the kept snapshots
 * @param lastEvent         the last event, or {@code null}
 * @param lastInvalidation  the last invalidation, or {@code null}
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GraphStatus(
        @JsonProperty("stale") boolean stale,
        @JsonProperty("latest_snapshot_id") String latestSnapshotId,
        @JsonProperty("event_count") long eventCount,
        @JsonProperty("invalidation_count") long invalidationCount,
        @JsonProperty("snapshot_count") long snapshotCount,
        @JsonProperty("node_count") long nodeCount,
        @JsonProperty("edge_count") long edgeCount,
        @JsonProperty("last_event") DesktopEvent lastEvent,
        @JsonProperty("last_invalidation") GraphInvalidation lastInvalidation) {}

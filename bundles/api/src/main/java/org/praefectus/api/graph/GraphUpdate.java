package org.praefectus.api.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What recording an event did (PeekabooX's {@code DesktopGraphUpdate}): with a fresh desktop state a new snapshot,
 * else an invalidation.
 *
 * @param event        the event as stored
 * @param stale        whether the graph is stale now
 * @param invalidation the invalidation, or {@code null} when a snapshot was written
 * @param snapshot     the new snapshot, or {@code null}
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GraphUpdate(
        @JsonProperty("event") DesktopEvent event,
        @JsonProperty("stale") boolean stale,
        @JsonProperty("invalidation") GraphInvalidation invalidation,
        @JsonProperty("snapshot") GraphSnapshot snapshot) {}

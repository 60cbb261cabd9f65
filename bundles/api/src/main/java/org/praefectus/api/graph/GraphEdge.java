package org.praefectus.api.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One edge of a snapshot (PeekabooX's {@code GraphEdge}): {@code has_window}, {@code active_window},
 * {@code focused_window} and {@code has_element} from the snapshot node, {@code contains} from a window to its
 * elements.
 *
 * @param source     the source node's id
 * @param target     the target node's id
 * @param kind       the relation
 * @param attributes JSON values by name (none today)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GraphEdge(
        @JsonProperty("source") String source,
        @JsonProperty("target") String target,
        @JsonProperty("kind") String kind,
        @JsonProperty("attributes") Map<String, Object> attributes) {

    public GraphEdge {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(kind, "kind");
        attributes = attributes == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }
}

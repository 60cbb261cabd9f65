package org.praefectus.api.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.praefectus.api.protocol.Rect;

/**
 * One node of a snapshot (PeekabooX's {@code GraphNode}): the snapshot itself ({@code snapshot:…}), a window
 * ({@code window:<window id>}) or an element ({@code element:<bus:path>}).
 *
 * @param id         the node's id, unique within its snapshot
 * @param kind       {@code snapshot}, {@code window} or {@code element}
 * @param label      a window's title or an element's accessible name, or {@code null}
 * @param role       {@code window} or the element's role, or {@code null}
 * @param bounds     screen rectangle, or {@code null}
 * @param attributes JSON values (strings, numbers, booleans, lists, objects, null) by name: for a window
 *                   {@code window_id}, {@code app_id}, {@code focused}, {@code state}; for an element
 *                   {@code element_id}, {@code confidence}, {@code states}, {@code center}, {@code window_id},
 *                   {@code window_title}, {@code app_id}, {@code parent_id}, {@code child_ids} (never its text or
 *                   value)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record GraphNode(
        @JsonProperty("id") String id,
        @JsonProperty("kind") String kind,
        @JsonProperty("label") String label,
        @JsonProperty("role") String role,
        @JsonProperty("bounds") Rect bounds,
        @JsonProperty("attributes") Map<String, Object> attributes) {

    public GraphNode {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        attributes = attributes == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }
}

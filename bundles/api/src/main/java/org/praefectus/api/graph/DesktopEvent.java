package org.praefectus.api.graph;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A change of the desktop (PeekabooX's {@code DesktopStateEvent}), recorded by a caller or by the AT-SPI watch.
 *
 * @param kind             what happened ({@code window_focused}, {@code StateChanged}, …), not empty
 * @param source           who saw it ({@code runtime}, {@code at-spi}, {@code cli}, {@code mcp}), not empty
 * @param occurredAtUnixMs when
 * @param targetId         the node, window or element it is about, or {@code null}
 * @param payload          JSON values by name; a value whose name says it holds text, a value, a password, a
 *                         secret or the clipboard is stored only as its length
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record DesktopEvent(
        @JsonProperty("kind") String kind,
        @JsonProperty("source") String source,
        @JsonProperty("occurred_at_unix_ms") long occurredAtUnixMs,
        @JsonProperty("target_id") String targetId,
        @JsonProperty("payload") Map<String, Object> payload) {

    public DesktopEvent {
        payload = payload == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(payload));
    }
}

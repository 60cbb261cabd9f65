package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.praefectus.api.selector.UiElement;

/**
 * Where a profile target is: its matching elements, best first (never empty).
 *
 * @param app      the profile's name
 * @param aim      what was asked
 * @param elements the matches, best first
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"app", "target_name", "window_title", "window_id", "element", "elements", "count"})
public record ProfileLocation(
        @JsonProperty("app") String app,
        @com.fasterxml.jackson.annotation.JsonIgnore ProfileAim aim,
        @JsonProperty("elements") List<UiElement> elements) {

    public ProfileLocation {
        elements = List.copyOf(elements);
        if (elements.isEmpty()) {
            throw new IllegalArgumentException("a location has at least one element");
        }
    }

    @JsonProperty("target_name")
    String targetName() {
        return aim.target();
    }

    @JsonProperty("window_title")
    String windowTitle() {
        return aim.windowTitle();
    }

    @JsonProperty("window_id")
    String windowId() {
        return aim.windowId();
    }

    /** The best match. */
    @JsonProperty("element")
    public UiElement element() {
        return elements.get(0);
    }

    @JsonProperty("count")
    public int count() {
        return elements.size();
    }
}

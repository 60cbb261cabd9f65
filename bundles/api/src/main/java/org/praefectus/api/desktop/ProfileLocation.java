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
@JsonPropertyOrder({"app", "aim", "element", "elements", "count"})
public record ProfileLocation(
        @JsonProperty("app") String app,
        @com.fasterxml.jackson.annotation.JsonUnwrapped ProfileAim aim,
        @JsonProperty("elements") List<UiElement> elements) {

    public ProfileLocation {
        elements = List.copyOf(elements);
        if (elements.isEmpty()) {
            throw new IllegalArgumentException("a location has at least one element");
        }
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

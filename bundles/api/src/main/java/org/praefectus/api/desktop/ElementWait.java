package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.praefectus.api.selector.UiElement;

/**
 * How a wait for elements ended ({@link DesktopService#waitFor}).
 *
 * @param met       whether the condition held before the deadline
 * @param condition {@code appears} (an element matches) or {@code disappears} (none does)
 * @param waitedMs  how long it waited
 * @param lookups   how many times the elements were read (each after an AT-SPI change, or a pause without one)
 * @param elements  the matching elements when it ended (none when they disappeared)
 */
public record ElementWait(
        @JsonProperty("met") boolean met,
        @JsonProperty("condition") String condition,
        @JsonProperty("waited_ms") long waitedMs,
        @JsonProperty("lookups") int lookups,
        @JsonProperty("elements") List<UiElement> elements) {

    public ElementWait {
        elements = List.copyOf(elements);
        if (!condition.equals("appears") && !condition.equals("disappears")) {
            throw new IllegalArgumentException("condition is appears or disappears");
        }
    }

    @JsonProperty("count")
    public int count() {
        return elements.size();
    }

    /** This wait as the error a surface reports when its condition did not hold, or {@code null} when it did. */
    public DesktopException failure() {
        return met
                ? null
                : new DesktopException(
                        "timeout",
                        condition.equals("appears")
                                ? "no element matched before the deadline"
                                : "a matching element was still there at the deadline",
                        this);
    }

    @Override
    public String toString() {
        return "ElementWait[" + condition + ", met=" + met + "]";
    }
}

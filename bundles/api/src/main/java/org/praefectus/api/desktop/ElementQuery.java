package org.praefectus.api.desktop;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.selector.Selector;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.UiElementDetectionOptions;

/**
 * An element lookup (PeekabooX's {@code find_elements}).
 *
 * @param selector       what to match ({@link Selector#any()} for everything)
 * @param scope          which windows
 * @param limit          at most this many (0: all)
 * @param visionFallback whether to detect visually when accessibility finds nothing
 * @param visionRegion   where to detect, screen coordinates, or {@code null} (the scoped window, else the screen)
 * @param vision         the detector's tuning
 */
public record ElementQuery(
        Selector selector,
        ElementScope scope,
        int limit,
        boolean visionFallback,
        Region visionRegion,
        UiElementDetectionOptions vision) {

    public ElementQuery {
        requireNonNull(selector, "selector");
        scope = scope == null ? ElementScope.ALL : scope;
        vision = vision == null ? UiElementDetectionOptions.DEFAULTS : vision;
        if (limit < 0) {
            throw new IllegalArgumentException("limit is not negative");
        }
    }

    @Override
    public String toString() {
        return "ElementQuery[redacted]";
    }
}

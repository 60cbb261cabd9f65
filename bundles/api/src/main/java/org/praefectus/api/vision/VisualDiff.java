package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The result of comparing two frames.
 *
 * @param comparedRegion    the area compared, in expected-frame coordinates
 * @param comparedPixels    pixels compared: the region minus the ignored pixels
 * @param changedPixels     compared pixels with a channel difference above the threshold
 * @param changedRatio      {@code changedPixels / comparedPixels}, 0 when nothing was compared
 * @param meanAbsoluteError mean absolute difference per compared channel (0–255)
 * @param maxChannelDelta   the largest channel difference seen
 * @param changedBounds     the smallest region holding every changed pixel; {@code null} when none changed
 * @param matches           whether every gate of the options holds
 */
public record VisualDiff(
        @JsonProperty("compared_region") Region comparedRegion,
        @JsonProperty("compared_pixels") long comparedPixels,
        @JsonProperty("changed_pixels") long changedPixels,
        @JsonProperty("changed_ratio") double changedRatio,
        @JsonProperty("mean_absolute_error") double meanAbsoluteError,
        @JsonProperty("max_channel_delta") int maxChannelDelta,
        @JsonProperty("changed_bounds") Region changedBounds,
        @JsonProperty("matches") boolean matches) {

    public VisualDiff {
        if (comparedPixels < 0 || changedPixels < 0 || changedPixels > comparedPixels) {
            throw new IllegalArgumentException("changed pixels must lie between 0 and the compared pixels");
        }
        if ((changedPixels == 0) != (changedBounds == null)) {
            throw new IllegalArgumentException("changed bounds exist exactly when pixels changed");
        }
    }
}

package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How salient visual components are found and filtered.
 *
 * @param region             the area searched; {@code null} for the whole frame
 * @param ignoreRegions      areas never marked salient
 * @param edgeThreshold      contrast (against the background or a neighbour) that makes a pixel salient (1–255,
 *                           default 24)
 * @param minWidth           smallest element width (default 8)
 * @param minHeight          smallest element height (default 8)
 * @param minComponentPixels fewest salient pixels in an element (default 12)
 * @param minConfidence      lowest confidence kept (0–1); {@code null}: all
 * @param maxWidth           largest element width; {@code null}: no limit
 * @param maxHeight          largest element height; {@code null}: no limit
 * @param minArea            smallest bounding-box area; {@code null}: no limit
 * @param maxArea            largest bounding-box area; {@code null}: no limit
 * @param maxElements        most elements returned, the largest kept (default 100)
 * @param mergeDistance      components closer than this many pixels merge into one element (default 2)
 * @param padding            pixels added around each returned box, clipped to the frame (default 0)
 * @param sort               the order of the result (default {@link UiElementSort#POSITION})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UiElementDetectionOptions(
        @JsonProperty("region") Region region,
        @JsonProperty("ignore_regions") List<Region> ignoreRegions,
        @JsonProperty("edge_threshold") int edgeThreshold,
        @JsonProperty("min_width") int minWidth,
        @JsonProperty("min_height") int minHeight,
        @JsonProperty("min_component_pixels") int minComponentPixels,
        @JsonProperty("min_confidence") Double minConfidence,
        @JsonProperty("max_width") Integer maxWidth,
        @JsonProperty("max_height") Integer maxHeight,
        @JsonProperty("min_area") Long minArea,
        @JsonProperty("max_area") Long maxArea,
        @JsonProperty("max_elements") int maxElements,
        @JsonProperty("merge_distance") int mergeDistance,
        @JsonProperty("padding") int padding,
        @JsonProperty("sort") UiElementSort sort) {

    /** The reference defaults. */
    public static final UiElementDetectionOptions DEFAULTS = builder().build();

    public UiElementDetectionOptions {
        ignoreRegions = Checks.regions(ignoreRegions);
        Checks.positive("edge_threshold", edgeThreshold);
        Checks.channel("edge_threshold", edgeThreshold);
        Checks.positive("min_width", minWidth);
        Checks.positive("min_height", minHeight);
        Checks.positive("min_component_pixels", minComponentPixels);
        Checks.ratio("min_confidence", minConfidence);
        Checks.positive("max_width", maxWidth);
        Checks.positive("max_height", maxHeight);
        Checks.nonNegative("min_area", minArea);
        Checks.nonNegative("max_area", maxArea);
        Checks.positive("max_elements", maxElements);
        if (mergeDistance < 0 || padding < 0) {
            throw Checks.invalid("merge_distance and padding must not be negative");
        }
        if ((maxWidth != null && maxWidth < minWidth)
                || (maxHeight != null && maxHeight < minHeight)
                || (minArea != null && maxArea != null && maxArea < minArea)) {
            throw Checks.invalid("a maximum size must not be below its minimum");
        }
        Objects.requireNonNull(sort, "sort");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link UiElementDetectionOptions}; unset fields take the documented defaults. */
    public static final class Builder {
        private Region region;
        private final List<Region> ignoreRegions = new ArrayList<>();
        private int edgeThreshold = 24;
        private int minWidth = 8;
        private int minHeight = 8;
        private int minComponentPixels = 12;
        private Double minConfidence;
        private Integer maxWidth;
        private Integer maxHeight;
        private Long minArea;
        private Long maxArea;
        private int maxElements = 100;
        private int mergeDistance = 2;
        private int padding;
        private UiElementSort sort = UiElementSort.POSITION;

        private Builder() {}

        public Builder region(Region value) {
            region = value;
            return this;
        }

        public Builder ignoreRegion(Region value) {
            ignoreRegions.add(Objects.requireNonNull(value));
            return this;
        }

        public Builder edgeThreshold(int value) {
            edgeThreshold = value;
            return this;
        }

        public Builder minWidth(int value) {
            minWidth = value;
            return this;
        }

        public Builder minHeight(int value) {
            minHeight = value;
            return this;
        }

        public Builder minComponentPixels(int value) {
            minComponentPixels = value;
            return this;
        }

        public Builder minConfidence(Double value) {
            minConfidence = value;
            return this;
        }

        public Builder maxWidth(Integer value) {
            maxWidth = value;
            return this;
        }

        public Builder maxHeight(Integer value) {
            maxHeight = value;
            return this;
        }

        public Builder minArea(Long value) {
            minArea = value;
            return this;
        }

        public Builder maxArea(Long value) {
            maxArea = value;
            return this;
        }

        public Builder maxElements(int value) {
            maxElements = value;
            return this;
        }

        public Builder mergeDistance(int value) {
            mergeDistance = value;
            return this;
        }

        public Builder padding(int value) {
            padding = value;
            return this;
        }

        public Builder sort(UiElementSort value) {
            sort = value;
            return this;
        }

        public UiElementDetectionOptions build() {
            return new UiElementDetectionOptions(
                    region,
                    ignoreRegions,
                    edgeThreshold,
                    minWidth,
                    minHeight,
                    minComponentPixels,
                    minConfidence,
                    maxWidth,
                    maxHeight,
                    minArea,
                    maxArea,
                    maxElements,
                    mergeDistance,
                    padding,
                    sort);
        }
    }
}

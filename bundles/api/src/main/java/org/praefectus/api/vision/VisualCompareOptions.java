package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How two frames are compared.
 *
 * @param region               the area compared, in expected-frame coordinates; {@code null} for the whole frame
 * @param ignoreRegions        areas left out (not compared, not counted); may lie partly outside the frame
 * @param perChannelThreshold  a pixel changes when one channel differs by more than this (0–255, default 0)
 * @param maxChangedRatio      the largest changed ratio that still matches (0–1, default 0)
 * @param maxChangedPixels     the largest changed-pixel count that still matches; {@code null} for no limit
 * @param maxMeanAbsoluteError the largest mean absolute channel error that still matches; {@code null}: none
 * @param maxChannelDelta      the largest single channel difference that still matches; {@code null}: none
 * @param sizePolicy           what differing sizes do (default {@link SizePolicy#ERROR})
 * @param alphaMode            whether alpha is compared (default {@link AlphaMode#IGNORE})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VisualCompareOptions(
        @JsonProperty("region") Region region,
        @JsonProperty("ignore_regions") List<Region> ignoreRegions,
        @JsonProperty("per_channel_threshold") int perChannelThreshold,
        @JsonProperty("max_changed_ratio") double maxChangedRatio,
        @JsonProperty("max_changed_pixels") Long maxChangedPixels,
        @JsonProperty("max_mean_absolute_error") Double maxMeanAbsoluteError,
        @JsonProperty("max_channel_delta") Integer maxChannelDelta,
        @JsonProperty("size_policy") SizePolicy sizePolicy,
        @JsonProperty("alpha_mode") AlphaMode alphaMode) {

    /** Exact comparison of the whole frame, RGB only, sizes must match. */
    public static final VisualCompareOptions DEFAULTS = builder().build();

    public VisualCompareOptions {
        ignoreRegions = Checks.regions(ignoreRegions);
        Checks.channel("per_channel_threshold", perChannelThreshold);
        Checks.ratio("max_changed_ratio", maxChangedRatio);
        Checks.nonNegative("max_changed_pixels", maxChangedPixels);
        Checks.meanError("max_mean_absolute_error", maxMeanAbsoluteError);
        Checks.channel("max_channel_delta", maxChannelDelta);
        Objects.requireNonNull(sizePolicy, "size_policy");
        Objects.requireNonNull(alphaMode, "alpha_mode");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        Builder builder = new Builder()
                .region(region)
                .perChannelThreshold(perChannelThreshold)
                .maxChangedRatio(maxChangedRatio)
                .maxChangedPixels(maxChangedPixels)
                .maxMeanAbsoluteError(maxMeanAbsoluteError)
                .maxChannelDelta(maxChannelDelta)
                .sizePolicy(sizePolicy)
                .alphaMode(alphaMode);
        ignoreRegions.forEach(builder::ignoreRegion);
        return builder;
    }

    /** Builds {@link VisualCompareOptions}; unset fields take the documented defaults. */
    public static final class Builder {
        private Region region;
        private final List<Region> ignoreRegions = new ArrayList<>();
        private int perChannelThreshold;
        private double maxChangedRatio;
        private Long maxChangedPixels;
        private Double maxMeanAbsoluteError;
        private Integer maxChannelDelta;
        private SizePolicy sizePolicy = SizePolicy.ERROR;
        private AlphaMode alphaMode = AlphaMode.IGNORE;

        private Builder() {}

        public Builder region(Region value) {
            region = value;
            return this;
        }

        public Builder ignoreRegion(Region value) {
            ignoreRegions.add(Objects.requireNonNull(value));
            return this;
        }

        public Builder perChannelThreshold(int value) {
            perChannelThreshold = value;
            return this;
        }

        public Builder maxChangedRatio(double value) {
            maxChangedRatio = value;
            return this;
        }

        public Builder maxChangedPixels(Long value) {
            maxChangedPixels = value;
            return this;
        }

        public Builder maxMeanAbsoluteError(Double value) {
            maxMeanAbsoluteError = value;
            return this;
        }

        public Builder maxChannelDelta(Integer value) {
            maxChannelDelta = value;
            return this;
        }

        public Builder sizePolicy(SizePolicy value) {
            sizePolicy = value;
            return this;
        }

        public Builder alphaMode(AlphaMode value) {
            alphaMode = value;
            return this;
        }

        public VisualCompareOptions build() {
            return new VisualCompareOptions(
                    region,
                    ignoreRegions,
                    perChannelThreshold,
                    maxChangedRatio,
                    maxChangedPixels,
                    maxMeanAbsoluteError,
                    maxChannelDelta,
                    sizePolicy,
                    alphaMode);
        }
    }
}

package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a frame sequence is classified. A transition (two adjacent frames) is stable when it matches the stable
 * gates; it is a loading transition when it reaches the loading ratio or pixel count.
 *
 * @param region                     the area compared; {@code null} for the whole frame
 * @param ignoreRegions              areas left out of every comparison
 * @param perChannelThreshold        channel difference above which a pixel changes (0–255, default 2)
 * @param stableMaxChangedRatio      stable at or below this changed ratio (0–1, default 0.001)
 * @param stableMaxChangedPixels     and at or below this many changed pixels; {@code null}: no limit
 * @param stableMaxMeanAbsoluteError and at or below this mean absolute error; {@code null}: no limit
 * @param stableMaxChannelDelta      and at or below this channel delta; {@code null}: no limit
 * @param loadingMinChangedRatio     loading at or above this changed ratio (0–1, default 0.02); not below the
 *                                   stable ratio
 * @param loadingMinChangedPixels    or at or above this many changed pixels; {@code null}: not used
 * @param requiredStableTransitions  trailing stable transitions needed to call the sequence stable (default 1)
 * @param sizePolicy                 what differing sizes do (default {@link SizePolicy#ERROR})
 * @param alphaMode                  whether alpha is compared (default {@link AlphaMode#IGNORE})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UiStateOptions(
        @JsonProperty("region") Region region,
        @JsonProperty("ignore_regions") List<Region> ignoreRegions,
        @JsonProperty("per_channel_threshold") int perChannelThreshold,
        @JsonProperty("stable_max_changed_ratio") double stableMaxChangedRatio,
        @JsonProperty("stable_max_changed_pixels") Long stableMaxChangedPixels,
        @JsonProperty("stable_max_mean_absolute_error") Double stableMaxMeanAbsoluteError,
        @JsonProperty("stable_max_channel_delta") Integer stableMaxChannelDelta,
        @JsonProperty("loading_min_changed_ratio") double loadingMinChangedRatio,
        @JsonProperty("loading_min_changed_pixels") Long loadingMinChangedPixels,
        @JsonProperty("required_stable_transitions") int requiredStableTransitions,
        @JsonProperty("size_policy") SizePolicy sizePolicy,
        @JsonProperty("alpha_mode") AlphaMode alphaMode) {

    /** The reference defaults. */
    public static final UiStateOptions DEFAULTS = builder().build();

    public UiStateOptions {
        ignoreRegions = Checks.regions(ignoreRegions);
        Checks.channel("per_channel_threshold", perChannelThreshold);
        Checks.ratio("stable_max_changed_ratio", stableMaxChangedRatio);
        Checks.nonNegative("stable_max_changed_pixels", stableMaxChangedPixels);
        Checks.meanError("stable_max_mean_absolute_error", stableMaxMeanAbsoluteError);
        Checks.channel("stable_max_channel_delta", stableMaxChannelDelta);
        Checks.ratio("loading_min_changed_ratio", loadingMinChangedRatio);
        Checks.nonNegative("loading_min_changed_pixels", loadingMinChangedPixels);
        Checks.positive("required_stable_transitions", requiredStableTransitions);
        if (stableMaxChangedRatio > loadingMinChangedRatio) {
            throw Checks.invalid("stable_max_changed_ratio must not exceed loading_min_changed_ratio");
        }
        Objects.requireNonNull(sizePolicy, "size_policy");
        Objects.requireNonNull(alphaMode, "alpha_mode");
    }

    /** The comparison each transition runs: the stable gates decide whether it matches. */
    public VisualCompareOptions transitionComparison() {
        VisualCompareOptions.Builder builder = VisualCompareOptions.builder()
                .region(region)
                .perChannelThreshold(perChannelThreshold)
                .maxChangedRatio(stableMaxChangedRatio)
                .maxChangedPixels(stableMaxChangedPixels)
                .maxMeanAbsoluteError(stableMaxMeanAbsoluteError)
                .maxChannelDelta(stableMaxChannelDelta)
                .sizePolicy(sizePolicy)
                .alphaMode(alphaMode);
        ignoreRegions.forEach(builder::ignoreRegion);
        return builder.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link UiStateOptions}; unset fields take the documented defaults. */
    public static final class Builder {
        private Region region;
        private final List<Region> ignoreRegions = new ArrayList<>();
        private int perChannelThreshold = 2;
        private double stableMaxChangedRatio = 0.001;
        private Long stableMaxChangedPixels;
        private Double stableMaxMeanAbsoluteError;
        private Integer stableMaxChannelDelta;
        private double loadingMinChangedRatio = 0.02;
        private Long loadingMinChangedPixels;
        private int requiredStableTransitions = 1;
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

        public Builder stableMaxChangedRatio(double value) {
            stableMaxChangedRatio = value;
            return this;
        }

        public Builder stableMaxChangedPixels(Long value) {
            stableMaxChangedPixels = value;
            return this;
        }

        public Builder stableMaxMeanAbsoluteError(Double value) {
            stableMaxMeanAbsoluteError = value;
            return this;
        }

        public Builder stableMaxChannelDelta(Integer value) {
            stableMaxChannelDelta = value;
            return this;
        }

        public Builder loadingMinChangedRatio(double value) {
            loadingMinChangedRatio = value;
            return this;
        }

        public Builder loadingMinChangedPixels(Long value) {
            loadingMinChangedPixels = value;
            return this;
        }

        public Builder requiredStableTransitions(int value) {
            requiredStableTransitions = value;
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

        public UiStateOptions build() {
            return new UiStateOptions(
                    region,
                    ignoreRegions,
                    perChannelThreshold,
                    stableMaxChangedRatio,
                    stableMaxChangedPixels,
                    stableMaxMeanAbsoluteError,
                    stableMaxChannelDelta,
                    loadingMinChangedRatio,
                    loadingMinChangedPixels,
                    requiredStableTransitions,
                    sizePolicy,
                    alphaMode);
        }
    }
}

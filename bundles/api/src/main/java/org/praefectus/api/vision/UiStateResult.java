package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The classification of a frame sequence.
 *
 * @param state                     stable, loading or changing
 * @param comparedTransitions       adjacent frame pairs compared (frames − 1)
 * @param stableTransitions         transitions that matched the stable gates
 * @param loadingTransitions        transitions that reached a loading gate
 * @param trailingStableTransitions stable transitions at the end of the sequence
 * @param latestDiff                the comparison of the last two frames
 * @param maxChangedRatio           the largest changed ratio of any transition
 * @param meanChangedRatio          the mean changed ratio over all transitions
 * @param changedBounds             the union of every transition's changed bounds; {@code null} when none changed
 */
public record UiStateResult(
        @JsonProperty("state") UiStateKind state,
        @JsonProperty("compared_transitions") int comparedTransitions,
        @JsonProperty("stable_transitions") int stableTransitions,
        @JsonProperty("loading_transitions") int loadingTransitions,
        @JsonProperty("trailing_stable_transitions") int trailingStableTransitions,
        @JsonProperty("latest_diff") VisualDiff latestDiff,
        @JsonProperty("max_changed_ratio") double maxChangedRatio,
        @JsonProperty("mean_changed_ratio") double meanChangedRatio,
        @JsonProperty("changed_bounds") Region changedBounds) {

    public UiStateResult {
        java.util.Objects.requireNonNull(state, "state");
        java.util.Objects.requireNonNull(latestDiff, "latest_diff");
    }
}

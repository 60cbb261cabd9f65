package org.praefectus.vision.compare;

import java.util.List;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.UiStateKind;
import org.praefectus.api.vision.UiStateOptions;
import org.praefectus.api.vision.UiStateResult;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;

/**
 * Classifies adjacent-frame transitions: stable when the trailing transitions match the stable gates, loading
 * when some transition reached a loading gate, changing otherwise.
 */
public final class UiStateClassifier {

    private UiStateClassifier() {}

    public static UiStateResult detect(List<Frame> frames, UiStateOptions options) {
        if (frames == null || frames.size() < 2) {
            throw new VisionException(
                    VisionException.NOT_ENOUGH_FRAMES, "UI state detection needs at least two frames");
        }
        VisualCompareOptions comparison = options.transitionComparison();
        int stable = 0;
        int loading = 0;
        int trailing = 0;
        double maxRatio = 0;
        double ratioSum = 0;
        Region bounds = null;
        VisualDiff latest = null;
        for (int i = 1; i < frames.size(); i++) {
            VisualDiff diff = FrameComparison.compare(frames.get(i - 1), frames.get(i), comparison);
            if (diff.matches()) {
                stable++;
                trailing++;
            } else {
                trailing = 0;
            }
            if (diff.changedRatio() >= options.loadingMinChangedRatio()
                    || (options.loadingMinChangedPixels() != null
                            && diff.changedPixels() >= options.loadingMinChangedPixels())) {
                loading++;
            }
            maxRatio = Math.max(maxRatio, diff.changedRatio());
            ratioSum += diff.changedRatio();
            if (diff.changedBounds() != null) {
                bounds = bounds == null ? diff.changedBounds() : bounds.union(diff.changedBounds());
            }
            latest = diff;
        }
        int transitions = frames.size() - 1;
        UiStateKind state = trailing >= options.requiredStableTransitions()
                ? UiStateKind.STABLE
                : loading > 0 ? UiStateKind.LOADING : UiStateKind.CHANGING;
        return new UiStateResult(
                state, transitions, stable, loading, trailing, latest, maxRatio, ratioSum / transitions, bounds);
    }
}

package org.praefectus.nativecore;

import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;

/**
 * An executor's {@code resolve} and the target-independent part of its {@code observe}: a semantic target
 * through the platform's resolver, coordinates through the coordinate fence, no target as itself.
 */
public final class TargetResolution {

    /** The platform's semantic resolver: refuses unless the target is found again, unchanged. */
    @FunctionalInterface
    public interface Semantic {
        void resolve(SemanticTargetRef target, CancellationToken cancellation, long deadlineAtMs)
                throws ExecutorException;
    }

    private final Semantic semantic;
    private final CoordinateFence coordinates;
    private final CoordinateFence.Displays displays;

    public TargetResolution(Semantic semantic, CoordinateFence coordinates, CoordinateFence.Displays displays) {
        this.semantic = semantic;
        this.coordinates = coordinates;
        this.displays = displays;
    }

    /** The target fenced now, before dispatch. */
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        if (target instanceof TargetRef.Element element) {
            semantic.resolve(element.target(), cancellation, deadlineAtMs);
            return new ResolvedTarget.Semantic(element.target());
        }
        if (target instanceof TargetRef.Coordinates point) {
            coordinates.check(point);
            return new ResolvedTarget.Native(point);
        }
        return new ResolvedTarget.None();
    }

    /**
     * The observation of a coordinate target (its fence checked again) or of no target (the display topology,
     * empty when there is none). An element's observation reads its state natively: the platform's.
     */
    public Observation observeWithoutElement(TargetRef target, long nowMs) throws ExecutorException {
        if (target instanceof TargetRef.Coordinates point) {
            CoordinateObservation observation = coordinates.check(point);
            return Observation.ofCoordinates(observation, observation.displayGeometryHash(), nowMs);
        }
        String geometry;
        try {
            geometry = displays.topology().hash();
        } catch (ExecutorException noDisplay) {
            geometry = "";
        }
        return Observation.ofNoTarget(geometry, nowMs);
    }
}

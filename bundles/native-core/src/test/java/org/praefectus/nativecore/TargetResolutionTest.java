package org.praefectus.nativecore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;

class TargetResolutionTest {

    private final DisplayTopology displays = new DisplayTopology(List.of(DisplayTopologyTest.screen("1", 0, 1920, 96)));
    private final List<SemanticTargetRef> resolved = new ArrayList<>();
    private final CoordinateFence fence = new CoordinateFence(() -> displays, topology -> "e".repeat(64), () -> 10L);
    private final TargetResolution targets =
            new TargetResolution((target, cancellation, deadline) -> resolved.add(target), fence, () -> displays);

    @Test
    void anElementGoesThroughThePlatformResolver() throws Exception {
        SemanticTargetRef target =
                TargetAdmissionTest.record(displays).observation().target("e1");
        ResolvedTarget result = targets.resolve(new TargetRef.Element(target), new CancellationToken(), Long.MAX_VALUE);
        assertEquals(new ResolvedTarget.Semantic(target), result);
        assertEquals(List.of(target), resolved);
    }

    @Test
    void coordinatesGoThroughTheFence() throws ExecutorException {
        CoordinateObservation observation = fence.observe();
        TargetRef.Coordinates point = new TargetRef.Coordinates(
                5,
                5,
                "1",
                observation.displayGeometryHash(),
                observation.snapshotId(),
                observation.snapshotContentHash());
        assertInstanceOf(ResolvedTarget.Native.class, targets.resolve(point, new CancellationToken(), Long.MAX_VALUE));
        TargetRef.Coordinates unknown = new TargetRef.Coordinates(
                5, 5, "1", observation.displayGeometryHash(), "0".repeat(64), observation.snapshotContentHash());
        ExecutorException e = assertThrows(
                ExecutorException.class, () -> targets.resolve(unknown, new CancellationToken(), Long.MAX_VALUE));
        assertEquals(ExecutorFailure.STALE_TARGET, e.failure());
    }

    @Test
    void noTargetIsObservedAsTheDisplays() throws ExecutorException {
        Observation none = targets.observeWithoutElement(new TargetRef.None(), 10);
        assertEquals(Observation.ofNoTarget(displays.hash(), 10), none);
    }
}

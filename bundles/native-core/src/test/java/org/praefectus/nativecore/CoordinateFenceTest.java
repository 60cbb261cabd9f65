package org.praefectus.nativecore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.TargetRef;

/** The coordinate fence over displays and screen content the test changes between observation and check. */
class CoordinateFenceTest {

    private DisplayTopology displays = new DisplayTopology(
            List.of(DisplayTopologyTest.screen("1", 0, 1920, 96), DisplayTopologyTest.screen("2", 1920, 1280, 96)));
    private String pixels = "e".repeat(64);
    private long now = 5_000;
    private final CoordinateFence fence = new CoordinateFence(() -> displays, topology -> pixels, () -> now);

    private static TargetRef.Coordinates point(CoordinateObservation observation, long x, String display) {
        return new TargetRef.Coordinates(
                x,
                100,
                display,
                observation.displayGeometryHash(),
                observation.snapshotId(),
                observation.snapshotContentHash());
    }

    private static String stale(org.junit.jupiter.api.function.Executable check) {
        ExecutorException e = assertThrows(ExecutorException.class, check);
        assertEquals(ExecutorFailure.STALE_TARGET, e.failure());
        return e.getMessage();
    }

    @Test
    void aPointOnItsDisplayOfACurrentObservationIsAdmitted() throws ExecutorException {
        CoordinateObservation observation = fence.observe();
        assertEquals(observation, fence.check(point(observation, 2000, "2")));
        assertEquals(displays.geometries(), observation.displays());
    }

    @Test
    void aPointOutsideItsNamedDisplayIsStale() throws ExecutorException {
        CoordinateObservation observation = fence.observe();
        assertEquals(
                "coordinate is outside its named display", stale(() -> fence.check(point(observation, 2000, "1"))));
    }

    @Test
    void changedScreenContentIsStale() throws ExecutorException {
        CoordinateObservation observation = fence.observe();
        pixels = "f".repeat(64);
        assertEquals("screen observation changed", stale(() -> fence.check(point(observation, 10, "1"))));
    }

    @Test
    void movedDisplaysAreStale() throws ExecutorException {
        CoordinateObservation observation = fence.observe();
        displays = new DisplayTopology(List.of(DisplayTopologyTest.screen("1", 0, 1920, 144)));
        assertEquals("display geometry changed", stale(() -> fence.check(point(observation, 10, "1"))));
    }

    @Test
    void anExpiredObservationIsStale() throws ExecutorException {
        CoordinateObservation observation = fence.observe();
        now += CoordinateObservation.MAX_AGE_MS + 1;
        assertEquals(
                "coordinate observation provenance does not match",
                stale(() -> fence.check(point(observation, 10, "1"))));
    }

    @Test
    void displaysThatMoveWhileCapturedRefuseTheObservation() {
        CoordinateFence moving = new CoordinateFence(
                () -> displays,
                topology -> {
                    displays = new DisplayTopology(List.of(DisplayTopologyTest.screen("1", 0, 1024, 96)));
                    return pixels;
                },
                () -> now);
        assertEquals("display geometry changed", stale(moving::observe));
    }
}

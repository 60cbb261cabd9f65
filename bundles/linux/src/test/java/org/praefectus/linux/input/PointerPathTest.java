package org.praefectus.linux.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PointerPathTest {

    private static long total(List<PointerPath.Motion> motions) {
        return motions.stream().mapToLong(PointerPath.Motion::pauseMs).sum();
    }

    @Test
    void stepsAreEqualMotionsEndingExactlyAtTheDestination() {
        List<PointerPath.Motion> path = PointerPath.between(100, 200, 200, 100, 300L, 4L);
        assertEquals(
                List.of(
                        new PointerPath.Motion(125, 175, 75),
                        new PointerPath.Motion(150, 150, 75),
                        new PointerPath.Motion(175, 125, 75),
                        new PointerPath.Motion(200, 100, 75)),
                path);
    }

    @Test
    void thePausesAddUpToTheDurationWhenItDoesNotDivideEvenly() {
        List<PointerPath.Motion> path = PointerPath.between(0, 0, 10, 0, 100L, 3L);
        assertEquals(100, total(path));
        assertEquals(3, path.size());
        assertEquals(new PointerPath.Motion(10, 0, path.get(2).pauseMs()), path.get(2));
    }

    @Test
    void aDurationWithoutStepsMovesAboutEveryFrame() {
        List<PointerPath.Motion> path = PointerPath.between(0, 0, 320, 0, 320L, null);
        assertEquals(20, path.size());
        assertEquals(320, total(path));
        assertEquals(1, PointerPath.between(0, 0, 5, 5, 10L, null).size(), "a short duration is one motion");
        assertEquals(625, PointerPath.between(0, 0, 5, 5, 10_000L, null).size(), "the longest signed duration");
        assertEquals(1_000, PointerPath.between(0, 0, 5, 5, 60_000L, null).size(), "at most the protocol's bound");
    }

    @Test
    void stepsWithoutADurationDoNotPause() {
        List<PointerPath.Motion> path = PointerPath.between(0, 0, 9, 9, null, 3L);
        assertEquals(0, total(path));
        assertEquals(List.of(3, 6, 9), path.stream().map(PointerPath.Motion::x).toList());
    }

    @Test
    void onlyASignedDurationOrStepCountPacesThePath() {
        assertFalse(PointerPath.paced(null, null));
        assertTrue(PointerPath.paced(0L, null));
        assertTrue(PointerPath.paced(null, 1L));
    }
}

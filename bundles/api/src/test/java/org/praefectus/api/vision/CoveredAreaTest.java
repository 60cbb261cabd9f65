package org.praefectus.api.vision;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CoveredAreaTest {

    @Test
    void overlappingWindowsCountEachPixelOnce() {
        assertEquals(0, CoveredArea.of(List.of()));
        assertEquals(200, CoveredArea.of(List.of(new Region(0, 0, 20, 10))));
        // two 10×10 squares overlapping in a 5×5 corner: 100 + 100 − 25
        assertEquals(175, CoveredArea.of(List.of(new Region(0, 0, 10, 10), new Region(5, 5, 10, 10))));
        // one inside another counts as the outer one
        assertEquals(100, CoveredArea.of(List.of(new Region(0, 0, 10, 10), new Region(2, 2, 3, 3))));
        // apart, side by side
        assertEquals(60, CoveredArea.of(List.of(new Region(0, 0, 5, 6), new Region(5, 0, 5, 6))));
    }

    @Test
    void twoRegionsIntersectInThePartBothHoldAndNotAtAnEdge() {
        assertEquals(
                java.util.Optional.of(new Region(5, 5, 5, 5)),
                new Region(0, 0, 10, 10).intersection(new Region(5, 5, 10, 10)));
        assertEquals(java.util.Optional.empty(), new Region(0, 0, 5, 6).intersection(new Region(5, 0, 5, 6)));
    }
}

package org.praefectus.linux.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CoveredAreaTest {

    @Test
    void overlappingWindowsCountEachPixelOnce() {
        assertEquals(0, CoveredArea.of(List.of()));
        assertEquals(200, CoveredArea.of(List.of(new int[] {0, 0, 20, 10})));
        // two 10×10 squares overlapping in a 5×5 corner: 100 + 100 − 25
        assertEquals(175, CoveredArea.of(List.of(new int[] {0, 0, 10, 10}, new int[] {5, 5, 10, 10})));
        // one inside another counts as the outer one
        assertEquals(100, CoveredArea.of(List.of(new int[] {0, 0, 10, 10}, new int[] {2, 2, 3, 3})));
        // apart, side by side
        assertEquals(60, CoveredArea.of(List.of(new int[] {0, 0, 5, 6}, new int[] {5, 0, 5, 6})));
    }
}

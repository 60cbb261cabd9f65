package org.praefectus.linux.x11;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class DisplayTopologyTest {

    @Test
    void crtcAndOutputOrderDoNotChangeTheHash() {
        var left = new DisplayTopology.Crtc(2, 0, 0, 1920, 1080, 1, List.of(7L));
        var right = new DisplayTopology.Crtc(3, 1920, 0, 1920, 1080, 1, List.of(9L, 8L));
        var rightSorted = new DisplayTopology.Crtc(3, 1920, 0, 1920, 1080, 1, List.of(8L, 9L));
        assertEquals(
                new DisplayTopology(1, 3840, 1080, List.of(left, right)).hash(),
                new DisplayTopology(1, 3840, 1080, List.of(rightSorted, left)).hash());
    }

    @Test
    void anyGeometryChangeChangesTheHash() {
        var one = new DisplayTopology(
                1, 1920, 1080, List.of(new DisplayTopology.Crtc(2, 0, 0, 1920, 1080, 1, List.of(7L))));
        var moved = new DisplayTopology(
                1, 1920, 1080, List.of(new DisplayTopology.Crtc(2, 1, 0, 1920, 1080, 1, List.of(7L))));
        var rotated = new DisplayTopology(
                1, 1920, 1080, List.of(new DisplayTopology.Crtc(2, 0, 0, 1920, 1080, 2, List.of(7L))));
        assertNotEquals(one.hash(), moved.hash());
        assertNotEquals(one.hash(), rotated.hash());
        assertEquals("x11-crtc-2", one.geometry().get(0).displayId());
    }
}

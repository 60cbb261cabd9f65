package org.praefectus.nativecore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.Rect;

class DisplayTopologyTest {

    static Screen screen(String id, long x, long width, long scale) {
        return new Screen(new DisplayGeometry(id, x, 0, width, 1080), new JsonValue.JsonString(id), List.of(scale));
    }

    @Test
    void aRescaledDisplayChangesTheHash() throws ExecutorException {
        String before = DisplayTopology.of(List.of(screen("1", 0, 1920, 96))).hash();
        String after = DisplayTopology.of(List.of(screen("1", 0, 1920, 144))).hash();
        assertNotEquals(before, after);
        assertEquals(
                before, DisplayTopology.of(List.of(screen("1", 0, 1920, 96))).hash());
    }

    @Test
    void aMovedOrAddedDisplayChangesTheHash() throws ExecutorException {
        String one = DisplayTopology.of(List.of(screen("1", 0, 1920, 96))).hash();
        assertNotEquals(
                one, DisplayTopology.of(List.of(screen("1", 10, 1920, 96))).hash());
        assertNotEquals(
                one,
                DisplayTopology.of(List.of(screen("1", 0, 1920, 96), screen("2", 1920, 1280, 96)))
                        .hash());
    }

    @Test
    void noDisplayIsUnavailable() {
        ExecutorException e = assertThrows(ExecutorException.class, () -> DisplayTopology.of(List.of()));
        assertEquals(ExecutorFailure.UNAVAILABLE, e.failure());
    }

    @Test
    void aRectangleIsShownWhenAnyPartLiesOnADisplay() throws ExecutorException {
        DisplayTopology two = DisplayTopology.of(List.of(screen("1", 0, 1920, 96), screen("2", 1920, 1280, 96)));
        assertTrue(two.shows(new Rect(1900, 10, 40, 40)));
        assertTrue(two.shows(new Rect(3000, 10, 40, 40)));
        assertFalse(two.shows(new Rect(3200, 10, 40, 40)));
        assertFalse(two.shows(new Rect(10, 1080, 40, 40)));
        assertEquals(
                List.of("1", "2"),
                two.geometries().stream().map(DisplayGeometry::displayId).toList());
    }
}

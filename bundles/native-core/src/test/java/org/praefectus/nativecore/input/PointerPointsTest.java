package org.praefectus.nativecore.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.Rect;

/** Where a pointer verb starts and a drag ends, placed once for every platform over plain windows. */
class PointerPointsTest {

    private static final List<DesktopWindow> DESKTOP = List.of(
            new DesktopWindow(
                    "7", "Notes", "editor", new Rect(100, 200, 401, 301), true, "unknown", 1, true, null, "ax"),
            new DesktopWindow("8", "Files", "files", new Rect(0, 0, 10, 10), false, "unknown", 2, true, null, "ax"));

    private static final PointerPoints.Places PLACES = new PointerPoints.Places() {
        @Override
        public List<DesktopWindow> windows() {
            return DESKTOP;
        }

        @Override
        public long[] pointer() {
            return new long[] {50, 60};
        }
    };

    private static InputRequest drag(Rect region, double[] ratio, ElementScope scope, long[] to, double[] toRatio) {
        return InputRequest.of("drag")
                .region(region)
                .ratio(ratio)
                .scope(scope)
                .to(to)
                .toRatio(toRatio)
                .dryRun(true)
                .build();
    }

    @Test
    void aRatioIsInsideTheRegionElseInsideTheOneScopedWindowWithOneBeingTheLastPixel() throws Exception {
        ElementScope notes = new ElementScope(null, "Notes", null);

        assertArrayEquals(
                new long[] {15, 25},
                PointerPoints.start(
                        drag(new Rect(10, 20, 11, 11), new double[] {0.5, 0.5}, notes, null, null), PLACES));
        assertArrayEquals(
                new long[] {100, 200}, PointerPoints.start(drag(null, new double[] {0, 0}, notes, null, null), PLACES));
        assertArrayEquals(
                new long[] {500, 500},
                PointerPoints.dragEnd(drag(null, null, notes, null, new double[] {1, 1}), PLACES));
    }

    @Test
    void aRatioWithoutRegionOrScopedWindowIsAUsageErrorAndAnUnmatchedScopeFindsNoWindow() {
        DesktopException usage = assertThrows(
                DesktopException.class,
                () -> PointerPoints.start(drag(null, new double[] {0.5, 0.5}, ElementScope.ALL, null, null), PLACES));
        assertEquals("usage", usage.code());
        DesktopException none = assertThrows(
                DesktopException.class,
                () -> PointerPoints.dragEnd(
                        drag(null, null, new ElementScope("Preview", null, null), null, new double[] {0, 0}), PLACES));
        assertEquals("window_not_found", none.code());
    }

    @Test
    void aDragEndsAtItsPointElseItsRatioAndNeedsOne() throws Exception {
        assertArrayEquals(
                new long[] {3, 4},
                PointerPoints.dragEnd(drag(null, null, ElementScope.ALL, new long[] {3, 4}, null), PLACES));
        assertEquals(
                "usage",
                assertThrows(
                                DesktopException.class,
                                () -> PointerPoints.dragEnd(drag(null, null, ElementScope.ALL, null, null), PLACES))
                        .code());
    }

    @Test
    void aScrollGivenNoAimStartsWhereThePointerIs() throws Exception {
        assertArrayEquals(
                new long[] {50, 60},
                PointerPoints.start(
                        InputRequest.scroll(org.praefectus.api.protocol.Direction.DOWN, 1, null, null, null, true),
                        PLACES));
        assertArrayEquals(
                new long[] {7, 8},
                PointerPoints.start(
                        InputRequest.scroll(
                                org.praefectus.api.protocol.Direction.UP, 1, new long[] {7, 8}, null, null, true),
                        PLACES));
    }
}

package org.praefectus.vision.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.CaptureDelta;
import org.praefectus.api.vision.CaptureStreamOptions;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.vision.image.FrameImages;
import org.praefectus.vision.testing.Drawing;

class CaptureDeltaTest {

    private static Frame withBox(int x) {
        try (Drawing d = Drawing.white(320, 200)) {
            d.fill(new Region(x, 40, 30, 30), Color.BLUE);
            return d.frame();
        }
    }

    @Test
    void firstFrameIsFullThenPatchesThenNothing() {
        Frame first = withBox(10);
        Frame moved = withBox(60);
        CaptureDelta full = CaptureDeltas.delta(null, first, 0, VisualCompareOptions.DEFAULTS);
        assertTrue(full.fullFrame());
        assertEquals(first.bounds(), full.changedBounds());
        assertEquals(320 * 4, full.patchStride());
        assertEquals(first, full.patchFrame());

        CaptureDelta patch = CaptureDeltas.delta(first, moved, 1, VisualCompareOptions.DEFAULTS);
        assertFalse(patch.fullFrame());
        assertEquals(new Region(10, 40, 80, 30), patch.changedBounds());
        assertEquals(2 * 30 * 30, patch.changedPixels());
        assertEquals(80 * 4, patch.patchStride());
        assertEquals(FrameImages.crop(moved, patch.changedBounds()), patch.patchFrame());

        CaptureDelta none = CaptureDeltas.delta(moved, moved, 2, VisualCompareOptions.DEFAULTS);
        assertNull(none.changedBounds());
        assertEquals(0, none.patch().length);
        assertEquals(0, none.patchStride());
    }

    @Test
    void aChangeAcrossWholeRowsPatchesThoseRowsExactly() {
        Frame first = withBox(10);
        Frame banded;
        try (Drawing d = Drawing.white(320, 200)) {
            d.fill(new Region(10, 40, 30, 30), Color.BLUE);
            d.fill(new Region(0, 100, 320, 7), Color.RED);
            banded = d.frame();
        }
        CaptureDelta patch = CaptureDeltas.delta(first, banded, 1, VisualCompareOptions.DEFAULTS);
        assertEquals(new Region(0, 100, 320, 7), patch.changedBounds());
        assertEquals(320 * 7, patch.changedPixels());
        assertEquals(FrameImages.crop(banded, patch.changedBounds()), patch.patchFrame());
    }

    @Test
    void aRepaintOfEveryPixelIsAPatchOfTheWholeFrameNotAFullFrame() {
        Frame first = withBox(10);
        byte[] repainted = first.copyPixels();
        for (int i = 0; i < repainted.length; i += 4) {
            repainted[i + 1] ^= 0x20;
        }
        for (int padding : new int[] {0, 8}) {
            int stride = 320 * 4 + padding;
            byte[] data = new byte[stride * 200];
            for (int y = 0; y < 200; y++) {
                System.arraycopy(repainted, y * 320 * 4, data, y * stride, 320 * 4);
            }
            Frame current = new Frame(320, 200, stride, PixelFormat.RGBA8, data);
            CaptureDelta patch = CaptureDeltas.delta(first, current, 1, VisualCompareOptions.DEFAULTS);
            assertFalse(patch.fullFrame());
            assertEquals(current.bounds(), patch.changedBounds());
            assertEquals(320 * 200, patch.changedPixels());
            assertEquals(1.0, patch.changedRatio());
            assertEquals(320 * 4, patch.patchStride());
            assertEquals(current, patch.patchFrame());
        }
    }

    @Test
    void patchAppliedToThePreviousFrameRebuildsTheCurrentOne() {
        Frame first = withBox(10);
        Frame moved = withBox(200);
        CaptureDelta patch = CaptureDeltas.delta(first, moved, 1, VisualCompareOptions.DEFAULTS);
        byte[] rebuilt = first.copyPixels();
        Region b = patch.changedBounds();
        byte[] bytes = patch.patch();
        for (int row = 0; row < b.height(); row++) {
            System.arraycopy(
                    bytes,
                    row * patch.patchStride(),
                    rebuilt,
                    (b.y() + row) * first.stride() + b.x() * 4,
                    patch.patchStride());
        }
        assertArrayEquals(moved.copyPixels(), rebuilt);
    }

    @Test
    void streamsKeepStatePerIdAndHonourResetAndFullFrame() {
        StreamRegistry streams = new StreamRegistry(4);
        Frame a = withBox(10);
        Frame b = withBox(20);
        CaptureDelta s0 = streams.next("screen", a, CaptureStreamOptions.DEFAULTS);
        assertEquals(0, s0.sequence());
        assertTrue(s0.fullFrame());
        CaptureDelta s1 = streams.next("screen", b, CaptureStreamOptions.DEFAULTS);
        assertEquals(1, s1.sequence());
        assertFalse(s1.fullFrame());
        assertEquals(new Region(10, 40, 40, 30), s1.changedBounds());
        CaptureDelta other = streams.next("window", b, CaptureStreamOptions.DEFAULTS);
        assertEquals(0, other.sequence());
        assertTrue(other.fullFrame());
        CaptureDelta s2 = streams.next("screen", b, CaptureStreamOptions.DEFAULTS);
        assertEquals(2, s2.sequence());
        assertFalse(s2.changed());
        CaptureDelta forced = streams.next("screen", b, new CaptureStreamOptions(false, false, 0));
        assertEquals(3, forced.sequence());
        assertTrue(forced.fullFrame());
        CaptureDelta reset = streams.next("screen", b, new CaptureStreamOptions(true, true, 0));
        assertEquals(0, reset.sequence());
        assertTrue(reset.fullFrame());
        streams.reset("screen");
        assertEquals(0, streams.next("screen", a, CaptureStreamOptions.DEFAULTS).sequence());
    }

    @Test
    void streamsAreBounded() {
        StreamRegistry streams = new StreamRegistry(2);
        Frame a = withBox(10);
        streams.next("one", a, CaptureStreamOptions.DEFAULTS);
        streams.next("two", a, CaptureStreamOptions.DEFAULTS);
        streams.next("three", a, CaptureStreamOptions.DEFAULTS);
        assertEquals(2, streams.size());
        assertTrue(streams.next("one", a, CaptureStreamOptions.DEFAULTS).fullFrame());
    }
}

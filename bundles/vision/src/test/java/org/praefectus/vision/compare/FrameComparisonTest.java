package org.praefectus.vision.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.DiffImage;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.SizePolicy;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;
import org.praefectus.vision.testing.Drawing;

class FrameComparisonTest {

    private static Frame canvas(int width, int height, Region changed, Color color) {
        try (Drawing d = Drawing.white(width, height)) {
            if (changed != null) {
                d.fill(changed, color);
            }
            return d.frame();
        }
    }

    @Test
    void identicalFramesMatchWithNothingChanged() {
        Frame a = canvas(200, 100, new Region(10, 10, 20, 20), Color.BLUE);
        VisualDiff diff = FrameComparison.compare(a, a, VisualCompareOptions.DEFAULTS);
        assertEquals(20_000, diff.comparedPixels());
        assertEquals(0, diff.changedPixels());
        assertNull(diff.changedBounds());
        assertEquals(0, diff.meanAbsoluteError());
        assertTrue(diff.matches());
    }

    @Test
    void exactChangedPixelCountBoundsAndMetrics() {
        Frame before = canvas(300, 200, null, Color.WHITE);
        Frame after = canvas(300, 200, new Region(40, 50, 30, 20), Color.BLACK);
        VisualDiff diff = FrameComparison.compare(before, after, VisualCompareOptions.DEFAULTS);
        assertEquals(600, diff.changedPixels());
        assertEquals(new Region(40, 50, 30, 20), diff.changedBounds());
        assertEquals(255, diff.maxChannelDelta());
        assertEquals(600.0 / 60_000, diff.changedRatio(), 1e-12);
        assertEquals(600 * 255.0 / 60_000, diff.meanAbsoluteError(), 1e-9);
        assertFalse(diff.matches());
        assertTrue(FrameComparison.compare(
                        before,
                        after,
                        VisualCompareOptions.builder().maxChangedRatio(0.01).build())
                .matches());
        assertFalse(FrameComparison.compare(
                        before,
                        after,
                        VisualCompareOptions.builder()
                                .maxChangedRatio(0.01)
                                .maxChangedPixels(599L)
                                .build())
                .matches());
        assertFalse(FrameComparison.compare(
                        before,
                        after,
                        VisualCompareOptions.builder()
                                .maxChangedRatio(1)
                                .maxMeanAbsoluteError(2.0)
                                .build())
                .matches());
        assertFalse(FrameComparison.compare(
                        before,
                        after,
                        VisualCompareOptions.builder()
                                .maxChangedRatio(1)
                                .maxChannelDelta(254)
                                .build())
                .matches());
    }

    @Test
    void thresholdIgnoresSmallDifferences() {
        Frame before = canvas(100, 100, null, null);
        Frame after = canvas(100, 100, new Region(0, 0, 50, 10), new Color(250, 250, 250));
        assertEquals(
                500,
                FrameComparison.compare(before, after, VisualCompareOptions.DEFAULTS)
                        .changedPixels());
        VisualDiff tolerant = FrameComparison.compare(
                before,
                after,
                VisualCompareOptions.builder().perChannelThreshold(5).build());
        assertEquals(0, tolerant.changedPixels());
        assertEquals(5, tolerant.maxChannelDelta());
        assertTrue(tolerant.matches());
    }

    @Test
    void ignoreRegionsAreNeitherComparedNorCounted() {
        Frame before = canvas(200, 100, null, null);
        Frame after;
        try (Drawing d = Drawing.white(200, 100)) {
            d.fill(new Region(10, 10, 10, 10), Color.RED).fill(new Region(150, 60, 5, 4), Color.RED);
            after = d.frame();
        }
        VisualDiff diff = FrameComparison.compare(
                before,
                after,
                VisualCompareOptions.builder()
                        .ignoreRegion(new Region(5, 5, 20, 20))
                        .build());
        assertEquals(20, diff.changedPixels());
        assertEquals(new Region(150, 60, 5, 4), diff.changedBounds());
        assertEquals(20_000 - 400, diff.comparedPixels());
        VisualDiff overlapping = FrameComparison.compare(
                before,
                after,
                VisualCompareOptions.builder()
                        .ignoreRegion(new Region(5, 5, 20, 20))
                        .ignoreRegion(new Region(0, 0, 12, 200))
                        .ignoreRegion(new Region(140, 50, 100, 100))
                        .build());
        assertEquals(0, overlapping.changedPixels());
        assertEquals(20_000 - 12 * 100 - 13 * 20 - 60 * 50, overlapping.comparedPixels());
    }

    @Test
    void regionLimitsTheComparison() {
        Frame before = canvas(200, 100, null, null);
        Frame after = canvas(200, 100, new Region(150, 10, 10, 10), Color.RED);
        VisualDiff inside = FrameComparison.compare(
                before,
                after,
                VisualCompareOptions.builder()
                        .region(new Region(0, 0, 100, 100))
                        .build());
        assertEquals(10_000, inside.comparedPixels());
        assertEquals(0, inside.changedPixels());
        VisionException e = assertThrows(
                VisionException.class,
                () -> FrameComparison.compare(
                        before,
                        after,
                        VisualCompareOptions.builder()
                                .region(new Region(150, 50, 100, 100))
                                .build()));
        assertEquals(VisionException.INVALID_REGION, e.code());
    }

    @Test
    void sizePolicies() {
        Frame small = canvas(100, 50, new Region(0, 0, 10, 10), Color.BLACK);
        Frame large = canvas(120, 60, new Region(0, 0, 10, 10), Color.BLACK);
        VisionException e = assertThrows(
                VisionException.class, () -> FrameComparison.compare(small, large, VisualCompareOptions.DEFAULTS));
        assertEquals(VisionException.SIZE_MISMATCH, e.code());
        VisualDiff common = FrameComparison.compare(
                small,
                large,
                VisualCompareOptions.builder()
                        .sizePolicy(SizePolicy.COMMON_REGION)
                        .build());
        assertEquals(new Region(0, 0, 100, 50), common.comparedRegion());
        assertEquals(0, common.changedPixels());
        Frame doubled = canvas(200, 100, new Region(0, 0, 20, 20), Color.BLACK);
        VisualDiff resized = FrameComparison.compare(
                small,
                doubled,
                VisualCompareOptions.builder()
                        .sizePolicy(SizePolicy.RESIZE_ACTUAL)
                        .build());
        assertEquals(5000, resized.comparedPixels());
        assertEquals(0, resized.changedPixels());
    }

    @Test
    void alphaIsComparedOnlyWhenAsked() {
        byte[] opaque = {10, 20, 30, (byte) 255, 10, 20, 30, (byte) 255};
        byte[] clear = {10, 20, 30, 0, 10, 20, 30, (byte) 255};
        Frame a = Frame.packed(2, 1, PixelFormat.RGBA8, opaque);
        Frame b = Frame.packed(2, 1, PixelFormat.RGBA8, clear);
        assertEquals(
                0, FrameComparison.compare(a, b, VisualCompareOptions.DEFAULTS).changedPixels());
        VisualDiff withAlpha = FrameComparison.compare(
                a,
                b,
                VisualCompareOptions.builder().alphaMode(AlphaMode.COMPARE).build());
        assertEquals(1, withAlpha.changedPixels());
        assertEquals(255, withAlpha.maxChannelDelta());
        assertEquals(new Region(0, 0, 1, 1), withAlpha.changedBounds());
    }

    @Test
    void formatsCompareInRgbSpace() {
        Frame rgba = Frame.packed(2, 1, PixelFormat.RGBA8, new byte[] {1, 2, 3, (byte) 255, 4, 5, 6, (byte) 255});
        Frame bgra = Frame.packed(2, 1, PixelFormat.BGRA8, new byte[] {3, 2, 1, (byte) 255, 6, 5, 9, (byte) 255});
        Frame rgb = new Frame(2, 1, 8, PixelFormat.RGB8, new byte[] {1, 2, 3, 4, 5, 6, 0, 0});
        assertEquals(
                1,
                FrameComparison.compare(rgba, bgra, VisualCompareOptions.DEFAULTS)
                        .changedPixels());
        assertEquals(
                new Region(1, 0, 1, 1),
                FrameComparison.compare(rgba, bgra, VisualCompareOptions.DEFAULTS)
                        .changedBounds());
        assertEquals(
                0,
                FrameComparison.compare(rgba, rgb, VisualCompareOptions.DEFAULTS)
                        .changedPixels());
    }

    @Test
    void scatteredChangesAcrossLongRowsAreAllFound() {
        int width = 1000;
        int height = 20;
        byte[] a = new byte[width * height * 4];
        byte[] b = a.clone();
        int expected = 0;
        for (int i = 0; i < width * height; i += 7) {
            b[i * 4 + (i % 3)] = (byte) (1 + i % 200);
            expected++;
        }
        VisualDiff diff = FrameComparison.compare(
                Frame.packed(width, height, PixelFormat.RGBA8, a),
                Frame.packed(width, height, PixelFormat.RGBA8, b),
                VisualCompareOptions.DEFAULTS);
        assertEquals(expected, diff.changedPixels());
    }

    @Test
    void diffImageMarksChangedPixelsRedOnTransparent() {
        Frame before = canvas(50, 40, null, null);
        Frame after = canvas(50, 40, new Region(5, 6, 3, 2), Color.GREEN);
        DiffImage image = FrameComparison.diffImage(before, after, VisualCompareOptions.DEFAULTS);
        assertEquals(6, image.diff().changedPixels());
        assertEquals(50, image.image().width());
        assertEquals(0xffff0000, image.image().argb(5, 6));
        assertEquals(0xffff0000, image.image().argb(7, 7));
        assertEquals(0, image.image().argb(8, 7));
        assertEquals(0, image.image().argb(0, 0));
    }
}

package org.praefectus.vision.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.DiffImage;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.SizePolicy;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;

/**
 * Pins the optimised comparison (the vectorised lanes for four-byte formats, the per-pixel path for the rest)
 * to {@link ReferenceComparison} on random frames: odd widths, padded strides, every format pair, thresholds,
 * both alpha modes, regions, ignore regions and the common-region size policy. Every field of the result and
 * every pixel of the diff image must be equal, and so must the changed pixels and bounds of the capture-delta
 * path.
 */
class FrameComparisonReferenceTest {

    private static final PixelFormat[] FORMATS = PixelFormat.values();

    @Test
    void sameFourByteFormatMatchesTheReference() {
        Random random = new Random(6);
        int cases = 0;
        for (int round = 0; round < 120; round++) {
            PixelFormat format = random.nextBoolean() ? PixelFormat.RGBA8 : PixelFormat.BGRA8;
            cases += check(random, format, format, false);
        }
        assertTrue(cases > 40, "enough random cases have changed pixels: " + cases);
    }

    @Test
    void everyFormatPairMatchesTheReference() {
        Random random = new Random(17);
        for (PixelFormat expected : FORMATS) {
            for (PixelFormat actual : FORMATS) {
                for (int round = 0; round < 12; round++) {
                    check(random, expected, actual, false);
                }
            }
        }
    }

    @Test
    void commonRegionOfDifferentSizesMatchesTheReference() {
        Random random = new Random(23);
        for (int round = 0; round < 40; round++) {
            check(random, PixelFormat.RGBA8, random.nextBoolean() ? PixelFormat.RGBA8 : PixelFormat.RGB8, true);
        }
    }

    @Test
    void fullRepaintOfAWideFrameMatchesTheReference() {
        Random random = new Random(42);
        int width = 1283;
        int height = 9;
        byte[] before = new byte[width * height * 4];
        random.nextBytes(before);
        byte[] after = new byte[before.length];
        random.nextBytes(after);
        Frame a = Frame.packed(width, height, PixelFormat.BGRA8, before);
        Frame b = Frame.packed(width, height, PixelFormat.BGRA8, after);
        for (AlphaMode alpha : AlphaMode.values()) {
            for (int threshold : new int[] {0, 100, 254, 255}) {
                VisualCompareOptions options = VisualCompareOptions.builder()
                        .alphaMode(alpha)
                        .perChannelThreshold(threshold)
                        .build();
                assertSame(ReferenceComparison.compare(a, b, options), a, b, options);
            }
        }
    }

    @Test
    void totalsOverMoreChunksThanOneFlushHoldMatchTheReference() {
        // 2 chunks a row: each lane adds 1,100 pixels, more than the 1,024 a lane total holds before it must be
        // flushed; with every channel at least 225 apart, a missing flush overflows the error sum
        int width = 1024;
        int height = 1100;
        Random random = new Random(5);
        byte[] before = new byte[width * height * 4];
        byte[] after = new byte[before.length];
        for (int i = 0; i < before.length; i++) {
            before[i] = (byte) random.nextInt(16);
            after[i] = (byte) (240 + random.nextInt(16));
        }
        Frame a = Frame.packed(width, height, PixelFormat.RGBA8, before);
        Frame b = Frame.packed(width, height, PixelFormat.RGBA8, after);
        for (AlphaMode alpha : AlphaMode.values()) {
            VisualCompareOptions options =
                    VisualCompareOptions.builder().alphaMode(alpha).build();
            DiffImage reference = ReferenceComparison.compare(a, b, options);
            assertEquals((long) width * height, reference.diff().changedPixels());
            assertSame(reference, a, b, options);
        }
    }

    @Test
    void largestDifferenceIsFoundWhereverItGrows() {
        // the scan only searches a chunk for its largest difference when the chunk exceeds the largest so far:
        // differences that grow chunk by chunk, that peak in the last pixel, or that stay under the threshold
        int width = 1536;
        int height = 40;
        byte[] before = new byte[width * height * 4];
        for (int pattern = 0; pattern < 3; pattern++) {
            byte[] after = before.clone();
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    int at = (y * width + x) * 4;
                    after[at + (x + y) % 4] = (byte)
                            switch (pattern) {
                                case 0 -> (y * 3 + x / 512) * 2;
                                case 1 -> x == width - 1 && y == height - 1 ? 251 : 1 + (x + y) % 9;
                                default -> (x * 7 + y) % 20;
                            };
                }
            }
            Frame a = Frame.packed(width, height, PixelFormat.BGRA8, before);
            Frame b = Frame.packed(width, height, PixelFormat.BGRA8, after);
            for (AlphaMode alpha : AlphaMode.values()) {
                for (int threshold : new int[] {0, 30, 250}) {
                    VisualCompareOptions options = VisualCompareOptions.builder()
                            .alphaMode(alpha)
                            .perChannelThreshold(threshold)
                            .build();
                    assertSame(ReferenceComparison.compare(a, b, options), a, b, options);
                }
            }
        }
    }

    @Test
    void changesAtChunkEdgesMatchTheReference() {
        int width = 1100;
        byte[] before = new byte[width * 3 * 4];
        new Random(7).nextBytes(before);
        Frame a = Frame.packed(width, 3, PixelFormat.RGBA8, before);
        // the lane scan starts at a row's first mismatch and walks on in chunks of 512 pixels
        for (int first : new int[] {0, 3, 600}) {
            for (int last : new int[] {1, 255, 256, 510, 511, 512, 513, 514, 1023, 1024, 1025, 1099}) {
                if (last <= first) {
                    continue;
                }
                byte[] after = before.clone();
                after[(width + first) * 4 + 1] ^= 0x10;
                after[(width + last) * 4 + 2] ^= 0x01;
                Frame b = Frame.packed(width, 3, PixelFormat.RGBA8, after);
                DiffImage reference = ReferenceComparison.compare(a, b, VisualCompareOptions.DEFAULTS);
                assertEquals(
                        new Region(first, 1, last - first + 1, 1),
                        reference.diff().changedBounds());
                assertSame(reference, a, b, VisualCompareOptions.DEFAULTS);
            }
        }
    }

    /** One random case; returns 1 when the reference found changed pixels. */
    private static int check(Random random, PixelFormat ef, PixelFormat af, boolean differentSizes) {
        // narrow, medium and wider than one 512-pixel chunk of the lane scan
        int width = 1 + random.nextInt(new int[] {9, 300, 1100}[random.nextInt(3)]);
        int height = 1 + random.nextInt(12);
        Frame expected = randomFrame(random, width, height, ef);
        Frame actual = changed(random, expected, af, differentSizes);
        VisualCompareOptions options = randomOptions(
                random, Math.min(width, actual.width()), Math.min(height, actual.height()), differentSizes);
        DiffImage reference = ReferenceComparison.compare(expected, actual, options);
        assertSame(reference, expected, actual, options);
        return reference.diff().changedPixels() > 0 ? 1 : 0;
    }

    private static void assertSame(DiffImage reference, Frame expected, Frame actual, VisualCompareOptions options) {
        String what = expected + " vs " + actual + " " + options;
        VisualDiff diff = FrameComparison.compare(expected, actual, options);
        assertEquals(reference.diff(), diff, what);
        DiffImage image = FrameComparison.diffImage(expected, actual, options);
        assertEquals(reference.diff(), image.diff(), what);
        // the capture-delta path counts the same pixels without the error sum and largest difference
        FrameChanges changes = FrameComparison.changes(expected, actual, options);
        assertEquals(
                new FrameChanges(
                        reference.diff().comparedPixels(),
                        reference.diff().changedPixels(),
                        reference.diff().changedBounds()),
                changes,
                what);
        assertEquals(reference.diff().changedRatio(), changes.ratio(), what);
        assertEquals(reference.image(), image.image(), "diff image of " + what);
    }

    private static Frame randomFrame(Random random, int width, int height, PixelFormat format) {
        int stride = width * format.bytesPerPixel() + (random.nextBoolean() ? 0 : random.nextInt(9));
        byte[] data = new byte[stride * height];
        random.nextBytes(data);
        return new Frame(width, height, stride, format, data);
    }

    /**
     * A copy of {@code source} in {@code format} with random edits: runs of small and large channel changes,
     * alpha-only changes, single pixels; most pixels stay equal so the equal-stretch skipping is exercised.
     */
    private static Frame changed(Random random, Frame source, PixelFormat format, boolean differentSizes) {
        int width = differentSizes ? Math.max(1, source.width() + random.nextInt(7) - 3) : source.width();
        int height = differentSizes ? Math.max(1, source.height() + random.nextInt(5) - 2) : source.height();
        int bpp = format.bytesPerPixel();
        int stride = width * bpp + (random.nextBoolean() ? 0 : random.nextInt(9));
        byte[] data = new byte[stride * height];
        random.nextBytes(data);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int argb = x < source.width() && y < source.height() ? source.argb(x, y) : random.nextInt();
                put(data, y * stride + x * bpp, format, argb);
            }
        }
        int edits = random.nextInt(6);
        for (int edit = 0; edit < edits; edit++) {
            int y = random.nextInt(height);
            int x = random.nextInt(width);
            int run = 1 + random.nextInt(random.nextBoolean() ? 3 : 150);
            int kind = random.nextInt(4);
            for (int i = x; i < Math.min(width, x + run); i++) {
                int at = y * stride + i * bpp;
                switch (kind) {
                    case 0 -> data[at + random.nextInt(bpp)] += (byte) (1 + random.nextInt(6));
                    case 1 -> data[at + random.nextInt(bpp)] = (byte) random.nextInt(256);
                    case 2 -> {
                        if (format.hasAlpha()) {
                            data[at + format.alphaOffset()] ^= (byte) (1 + random.nextInt(255));
                        }
                    }
                    default -> data[at + format.greenOffset()] -= (byte) (1 + random.nextInt(40));
                }
            }
        }
        return new Frame(width, height, stride, format, data);
    }

    private static void put(byte[] data, int at, PixelFormat format, int argb) {
        data[at + format.redOffset()] = (byte) (argb >>> 16);
        data[at + format.greenOffset()] = (byte) (argb >>> 8);
        data[at + format.blueOffset()] = (byte) argb;
        if (format.hasAlpha()) {
            data[at + format.alphaOffset()] = (byte) (argb >>> 24);
        }
    }

    private static VisualCompareOptions randomOptions(Random random, int width, int height, boolean differentSizes) {
        VisualCompareOptions.Builder options = VisualCompareOptions.builder()
                .perChannelThreshold(new int[] {0, 0, 1, 3, 5, 40, 128, 255}[random.nextInt(8)])
                .alphaMode(random.nextBoolean() ? AlphaMode.COMPARE : AlphaMode.IGNORE)
                .maxChangedRatio(random.nextDouble() / 4)
                .sizePolicy(differentSizes ? SizePolicy.COMMON_REGION : SizePolicy.ERROR);
        if (random.nextInt(3) == 0) {
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            options.region(new Region(x, y, 1 + random.nextInt(width - x), 1 + random.nextInt(height - y)));
        }
        int ignores = random.nextInt(4);
        for (int i = 0; i < ignores; i++) {
            // ignore regions may reach outside the frame
            options.ignoreRegion(new Region(
                    random.nextInt(width + 4) - 2,
                    random.nextInt(height + 4) - 2,
                    1 + random.nextInt(width),
                    1 + random.nextInt(height)));
        }
        if (random.nextBoolean()) {
            options.maxMeanAbsoluteError(random.nextDouble() * 10)
                    .maxChannelDelta(random.nextInt(256))
                    .maxChangedPixels((long) random.nextInt(50));
        }
        return options.build();
    }
}

package org.praefectus.vision.compare;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.DiffImage;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;

/**
 * Pixel comparison of two frames. Rows of the same pixel format are scanned with {@link
 * ByteBuffer#mismatch}, which the JDK vectorises, so identical stretches cost about as much as reading them;
 * only pixels around a mismatch are compared channel by channel.
 */
public final class FrameComparison {

    /** After a mismatch, this many pixels are compared one by one before the vectorised scan resumes. */
    private static final int SLOW_RUN = 16;

    private FrameComparison() {}

    public static VisualDiff compare(Frame expected, Frame actual, VisualCompareOptions options) {
        return run(expected, actual, options, false).diff();
    }

    public static DiffImage diffImage(Frame expected, Frame actual, VisualCompareOptions options) {
        Scan scan = run(expected, actual, options, true);
        return new DiffImage(scan.diff(), Frame.packed(scan.width, scan.height, PixelFormat.RGBA8, scan.mask));
    }

    private static Scan run(Frame expected, Frame actual, VisualCompareOptions options, boolean drawMask) {
        AlignedFrames aligned = AlignedFrames.align(expected, actual, options.sizePolicy());
        Region region = options.region() == null ? new Region(0, 0, aligned.width(), aligned.height())
                : options.region();
        if (!region.within(aligned.width(), aligned.height())) {
            throw new VisionException(VisionException.INVALID_REGION, "the compared region lies outside the frames");
        }
        Scan scan = new Scan(aligned, options, drawMask);
        List<Region> ignored = new ArrayList<>();
        for (Region ignore : options.ignoreRegions()) {
            if (ignore.intersects(region)) {
                ignored.add(ignore);
            }
        }
        int[] segments = new int[2 * (ignored.size() + 1)];
        long compared = 0;
        for (int y = region.y(); y < region.bottom(); y++) {
            int count = rowSegments(region, ignored, y, segments);
            for (int s = 0; s < count; s += 2) {
                scan.row(y, segments[s], segments[s + 1]);
                compared += segments[s + 1] - segments[s];
            }
        }
        scan.finish(region, compared);
        return scan;
    }

    /**
     * Fills {@code out} with the [from, to) column intervals of row {@code y} inside {@code region} that no
     * ignore region covers; returns the number of ints written.
     */
    static int rowSegments(Region region, List<Region> ignored, int y, int[] out) {
        int written = 0;
        int from = region.x();
        List<int[]> cuts = new ArrayList<>(ignored.size());
        for (Region ignore : ignored) {
            if (y >= ignore.y() && y < ignore.bottom()) {
                cuts.add(new int[] {Math.max(ignore.x(), region.x()), Math.min(ignore.right(), region.right())});
            }
        }
        if (cuts.isEmpty()) {
            out[0] = region.x();
            out[1] = region.right();
            return 2;
        }
        cuts.sort((a, b) -> Integer.compare(a[0], b[0]));
        for (int[] cut : cuts) {
            if (cut[0] > from) {
                out[written++] = from;
                out[written++] = cut[0];
            }
            from = Math.max(from, cut[1]);
        }
        if (from < region.right()) {
            out[written++] = from;
            out[written++] = region.right();
        }
        return written;
    }

    /** The running totals of one comparison. */
    private static final class Scan {
        private final Frame expected;
        private final Frame actual;
        private final ByteBuffer e;
        private final ByteBuffer a;
        private final PixelFormat ef;
        private final PixelFormat af;
        private final int ebpp;
        private final int abpp;
        private final boolean sameLayout;
        private final boolean alpha;
        private final int threshold;
        private final VisualCompareOptions options;
        private final int width;
        private final int height;
        private final byte[] mask;

        private long changed;
        private long errorSum;
        private int maxDelta;
        private int minX = Integer.MAX_VALUE;
        private int minY = Integer.MAX_VALUE;
        private int maxX = -1;
        private int maxY = -1;
        private VisualDiff diff;

        Scan(AlignedFrames aligned, VisualCompareOptions options, boolean drawMask) {
            this.expected = aligned.expected();
            this.actual = aligned.actual();
            this.e = expected.pixels();
            this.a = actual.pixels();
            this.ef = expected.format();
            this.af = actual.format();
            this.ebpp = ef.bytesPerPixel();
            this.abpp = af.bytesPerPixel();
            this.alpha = options.alphaMode() == AlphaMode.COMPARE;
            // equal bytes mean equal pixels only when both frames lay pixels out the same way
            this.sameLayout = ef == af;
            this.threshold = options.perChannelThreshold();
            this.options = options;
            this.width = aligned.width();
            this.height = aligned.height();
            this.mask = drawMask ? new byte[width * height * 4] : null;
        }

        void row(int y, int from, int to) {
            int eRow = y * expected.stride();
            int aRow = y * actual.stride();
            if (!sameLayout) {
                for (int x = from; x < to; x++) {
                    pixel(x, y, eRow + x * ebpp, aRow + x * abpp);
                }
                return;
            }
            int x = from;
            while (x < to) {
                int length = (to - x) * ebpp;
                int mismatch = e.slice(eRow + x * ebpp, length).mismatch(a.slice(aRow + x * abpp, length));
                if (mismatch < 0) {
                    return;
                }
                x += mismatch / ebpp;
                int end = Math.min(to, x + SLOW_RUN);
                for (; x < end; x++) {
                    pixel(x, y, eRow + x * ebpp, aRow + x * abpp);
                }
            }
        }

        private void pixel(int x, int y, int ei, int ai) {
            int dr = Math.abs((e.get(ei + ef.redOffset()) & 0xff) - (a.get(ai + af.redOffset()) & 0xff));
            int dg = Math.abs((e.get(ei + ef.greenOffset()) & 0xff) - (a.get(ai + af.greenOffset()) & 0xff));
            int db = Math.abs((e.get(ei + ef.blueOffset()) & 0xff) - (a.get(ai + af.blueOffset()) & 0xff));
            int delta = Math.max(dr, Math.max(dg, db));
            int sum = dr + dg + db;
            if (alpha) {
                int ea = ef.hasAlpha() ? e.get(ei + ef.alphaOffset()) & 0xff : 0xff;
                int aa = af.hasAlpha() ? a.get(ai + af.alphaOffset()) & 0xff : 0xff;
                int da = Math.abs(ea - aa);
                delta = Math.max(delta, da);
                sum += da;
            }
            errorSum += sum;
            if (delta > maxDelta) {
                maxDelta = delta;
            }
            if (delta > threshold) {
                changed++;
                if (x < minX) {
                    minX = x;
                }
                if (x > maxX) {
                    maxX = x;
                }
                if (y < minY) {
                    minY = y;
                }
                maxY = y;
                if (mask != null) {
                    int m = (y * width + x) * 4;
                    mask[m] = (byte) 0xff;
                    mask[m + 3] = (byte) 0xff;
                }
            }
        }

        void finish(Region region, long compared) {
            int channels = alpha ? 4 : 3;
            double ratio = compared == 0 ? 0 : (double) changed / compared;
            double mae = compared == 0 ? 0 : (double) errorSum / (compared * channels);
            Region bounds = changed == 0 ? null : new Region(minX, minY, maxX - minX + 1, maxY - minY + 1);
            boolean matches = ratio <= options.maxChangedRatio()
                    && (options.maxChangedPixels() == null || changed <= options.maxChangedPixels())
                    && (options.maxMeanAbsoluteError() == null || mae <= options.maxMeanAbsoluteError())
                    && (options.maxChannelDelta() == null || maxDelta <= options.maxChannelDelta());
            diff = new VisualDiff(region, compared, changed, ratio, mae, maxDelta, bounds, matches);
        }

        VisualDiff diff() {
            return diff;
        }
    }
}

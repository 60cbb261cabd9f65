package org.praefectus.vision.compare;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.praefectus.api.vision.Frame;

/**
 * Comparison of two frames in the same four-byte format (RGBA8 or BGRA8; alpha is byte 3 in both), written
 * so that HotSpot's C2 compiler turns it into SIMD code without the incubating Vector API. Equal stretches
 * are skipped with the JDK's vectorised {@link ByteBuffer#mismatch}; from the first mismatch on, the row is
 * copied chunk by chunk into {@code int[]} lanes (one pixel each) and processed in several short loops, each
 * of which the superword optimiser vectorises: C2 in JDK 17 gives up on loop bodies much larger than these,
 * on {@code Math.abs(x) + Math.abs(y)} of two shifted channels, and on arrays indexed at different offsets,
 * which is why channels are masked before they are shifted and all scratch arrays are indexed from 0. Totals
 * stay in per-lane accumulators until {@link #finish()}. The results are exactly those of {@link
 * PixelRowScan}; a changes-only scan reports the same changed pixels and bounds.
 */
final class LaneRowScan implements RowScan {

    /**
     * Pixels compared per pass: small enough that all lane arrays stay in the L1 data cache together, large
     * enough that the vectorised loops run long.
     */
    private static final int CHUNK = 512;
    /** Lane totals are flushed before a channel-error sum could overflow: at most 1020 per lane and chunk. */
    private static final int CHUNKS_PER_FLUSH = 1 << 20;
    /** Rows are searched backwards for their last changed pixel in steps of this many pixels. */
    private static final int TAIL_STEP = 64;

    private final ByteBuffer e;
    private final ByteBuffer a;
    private final int eStride;
    private final int aStride;
    private final boolean alpha;
    private final int threshold;
    private final boolean changesOnly;
    private final ChangeTally tally;

    private final int[] expected;
    private final int[] actual;
    private final int[] red;
    private final int[] green;
    private final int[] blue;
    private final int[] opacity;
    private final int[] largest;
    private final int[] changedFlags;
    private final int[] none;
    private final int[] errorLanes;
    private final int[] maxLanes;
    private final int[] changedLanes;
    private int chunksSinceFlush;

    /**
     * @param changesOnly count changed pixels and their bounds only, as capture deltas need: the error sum and
     *                    largest difference are not reported, which saves passes and lets a zero threshold
     *                    compare whole pixels in one
     */
    LaneRowScan(Frame expectedFrame, Frame actualFrame, int frameWidth, boolean alpha, int threshold,
            boolean changesOnly, ChangeTally tally) {
        int width = Math.min(frameWidth, CHUNK);
        this.e = expectedFrame.pixels();
        this.a = actualFrame.pixels();
        this.eStride = expectedFrame.stride();
        this.aStride = actualFrame.stride();
        this.alpha = alpha;
        this.threshold = threshold;
        this.changesOnly = changesOnly;
        this.tally = tally;
        this.expected = new int[width];
        this.actual = new int[width];
        this.red = new int[width];
        this.green = new int[width];
        this.blue = new int[width];
        this.opacity = alpha ? new int[width] : null;
        this.largest = new int[width];
        this.changedFlags = new int[width];
        this.none = new int[width];
        this.errorLanes = new int[width];
        this.maxLanes = new int[width];
        this.changedLanes = new int[width];
    }

    /** Whether this scan applies: both frames in one format with four bytes per pixel. */
    static boolean fits(Frame expected, Frame actual) {
        return expected.format() == actual.format() && expected.format().bytesPerPixel() == 4;
    }

    @Override
    public void row(int y, int from, int to) {
        int eRow = y * eStride;
        int aRow = y * aStride;
        int mismatch = e.slice(eRow + from * 4, (to - from) * 4).mismatch(a.slice(aRow + from * 4, (to - from) * 4));
        if (mismatch < 0) {
            return;
        }
        int first = -1;
        int last = -1;
        for (int x0 = from + (mismatch >> 2); x0 < to; x0 += CHUNK) {
            int n = Math.min(CHUNK, to - x0);
            chunk(eRow + x0 * 4, aRow + x0 * 4, n);
            if (++chunksSinceFlush == CHUNKS_PER_FLUSH) {
                finish();
            }
            int chunkFirst = Arrays.mismatch(changedFlags, 0, n, none, 0, n);
            if (chunkFirst < 0) {
                continue;
            }
            int chunkLast = lastFlag(changedFlags, chunkFirst, n);
            if (first < 0) {
                first = x0 + chunkFirst;
            }
            last = x0 + chunkLast;
            if (tally.drawsMask()) {
                for (int i = chunkFirst; i <= chunkLast; i++) {
                    if (changedFlags[i] != 0) {
                        tally.markChanged(x0 + i, y);
                    }
                }
            }
        }
        if (first >= 0) {
            tally.addChangedSpan(y, first, last);
        }
    }

    /** Compares {@code n} pixels from these byte offsets on, leaving their change flags in {@code changedFlags}. */
    private void chunk(int eAt, int aAt, int n) {
        lanes(e, eAt, expected, n);
        lanes(a, aAt, actual, n);
        if (changesOnly && threshold == 0) {
            // a pixel changed exactly when one of its compared bytes differs
            flagDifferent(expected, actual, alpha ? -1 : 0x00FF_FFFF, changedFlags, changedLanes, n);
            return;
        }
        // byte 0 is red in RGBA8 and blue in BGRA8: the sums and the maximum do not care which
        lowChannels(expected, actual, red, green, n);
        channel(expected, actual, blue, n, 0xFF_0000, 16);
        if (changesOnly) {
            keepLargest(largest, red, green, blue, n);
        } else {
            addErrorsKeepLargest(errorLanes, largest, red, green, blue, n);
        }
        if (alpha) {
            alphaChannel(expected, actual, opacity, n);
            addAlpha(errorLanes, largest, opacity, n);
        }
        if (changesOnly) {
            flagChanged(changedFlags, changedLanes, largest, threshold, n);
        } else {
            keepLargestFlagChanged(maxLanes, changedFlags, changedLanes, largest, threshold, n);
        }
    }

    @Override
    public void finish() {
        long errors = 0;
        long changed = 0;
        int max = 0;
        for (int i = 0; i < errorLanes.length; i++) {
            errors += errorLanes[i];
            changed += changedLanes[i];
            max = Math.max(max, maxLanes[i]);
        }
        tally.addTotals(changed, errors, max);
        Arrays.fill(errorLanes, 0);
        Arrays.fill(changedLanes, 0);
        chunksSinceFlush = 0;
    }

    /** Copies {@code n} pixels from {@code offset} into int lanes, byte 0 in the low bits. */
    private static void lanes(ByteBuffer pixels, int offset, int[] out, int n) {
        pixels.slice(offset, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out, 0, n);
    }

    /** Bytes 0 and 1 in one loop; a third output makes the loop too large for C2 to vectorise. */
    private static void lowChannels(int[] p, int[] q, int[] out0, int[] out1, int n) {
        for (int i = 0; i < n; i++) {
            int x = p[i];
            int y = q[i];
            out0[i] = Math.abs((x & 0xFF) - (y & 0xFF));
            out1[i] = Math.abs(((x & 0xFF00) - (y & 0xFF00)) >> 8);
        }
    }

    private static void channel(int[] p, int[] q, int[] out, int n, int mask, int shift) {
        for (int i = 0; i < n; i++) {
            out[i] = Math.abs(((p[i] & mask) - (q[i] & mask)) >> shift);
        }
    }

    private static void alphaChannel(int[] p, int[] q, int[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = Math.abs((p[i] >>> 24) - (q[i] >>> 24));
        }
    }

    // max(x, y) is written x - ((x - y) & ((x - y) >> 31)): C2 in JDK 17 does not vectorise Math.max on ints

    /** Adds the three colour differences to the lane sums and keeps their largest in {@code largest}. */
    private static void addErrorsKeepLargest(int[] sums, int[] largest, int[] c0, int[] c1, int[] c2, int n) {
        for (int i = 0; i < n; i++) {
            int x = c0[i];
            int y = c1[i];
            int z = c2[i];
            sums[i] += x + y + z;
            int m = x - ((x - y) & ((x - y) >> 31));
            largest[i] = m - ((m - z) & ((m - z) >> 31));
        }
    }

    private static void keepLargest(int[] largest, int[] c0, int[] c1, int[] c2, int n) {
        for (int i = 0; i < n; i++) {
            int x = c0[i];
            int y = c1[i];
            int z = c2[i];
            int m = x - ((x - y) & ((x - y) >> 31));
            largest[i] = m - ((m - z) & ((m - z) >> 31));
        }
    }

    private static void addAlpha(int[] sums, int[] largest, int[] alpha, int n) {
        for (int i = 0; i < n; i++) {
            int w = alpha[i];
            int m = largest[i];
            sums[i] += w;
            largest[i] = m - ((m - w) & ((m - w) >> 31));
        }
    }

    /**
     * Keeps each lane's largest difference so far, flags the lanes whose largest channel difference exceeds
     * the threshold (1, else 0) and counts them.
     */
    private static void keepLargestFlagChanged(int[] maxima, int[] flags, int[] counts, int[] largest, int threshold,
            int n) {
        for (int i = 0; i < n; i++) {
            int m = maxima[i];
            int v = largest[i];
            maxima[i] = m - ((m - v) & ((m - v) >> 31));
            int flag = (threshold - v) >>> 31;
            flags[i] = flag;
            counts[i] += flag;
        }
    }

    /** Flags the lanes whose largest channel difference exceeds the threshold (1, else 0) and counts them. */
    private static void flagChanged(int[] flags, int[] counts, int[] largest, int threshold, int n) {
        for (int i = 0; i < n; i++) {
            int flag = (threshold - largest[i]) >>> 31;
            flags[i] = flag;
            counts[i] += flag;
        }
    }

    /** Flags the lanes whose pixels differ in a bit of {@code mask} (1, else 0) and counts them. */
    private static void flagDifferent(int[] p, int[] q, int mask, int[] flags, int[] counts, int n) {
        for (int i = 0; i < n; i++) {
            int v = (p[i] ^ q[i]) & mask;
            int flag = (v | -v) >>> 31;
            flags[i] = flag;
            counts[i] += flag;
        }
    }

    /** The last flagged lane at or after {@code first}, searched backwards a step at a time. */
    private int lastFlag(int[] flags, int first, int n) {
        int end = n;
        while (true) {
            int start = Math.max(first, end - TAIL_STEP);
            if (Arrays.mismatch(flags, start, end, none, 0, end - start) >= 0) {
                for (int i = end - 1; ; i--) {
                    if (flags[i] != 0) {
                        return i;
                    }
                }
            }
            end = start;
        }
    }
}

package org.praefectus.vision.compare;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.Arrays;
import org.praefectus.api.vision.Frame;

/**
 * Comparison of two frames in the same four-byte format (RGBA8 or BGRA8; alpha is byte 3 in both), written
 * so that HotSpot's C2 compiler turns it into SIMD code without the incubating Vector API.
 *
 * <p>Equal stretches are skipped with the JDK's vectorised {@link ByteBuffer#mismatch}. From a row's first
 * mismatch on, pixels are copied chunk by chunk into {@code int[]} lanes, one pixel each, and the three colour
 * differences of a pixel are packed into one int, ten bits each ({@link PackedDifferences}). One addition then
 * tests all three against a limit, and one multiplication sums them. Each loop stays small: C2 in JDK 17 does
 * not vectorise larger bodies, nor {@code Math.max} on ints. The cost of a loop is mostly its stores, so each
 * pass stores as little as it can: the error sum and the changed count share one accumulator per lane.
 *
 * <p>The largest difference is not kept per lane: a chunk is tested against the largest difference seen so
 * far, and only a chunk that exceeds it is searched for its own largest. That search can happen at most 256
 * times per comparison, since each one raises the largest difference.
 *
 * <p>The results are exactly those of {@link PixelRowScan}; a changes-only scan reports the same changed pixels
 * and bounds.
 */
final class LaneRowScan implements RowScan {

    /**
     * Pixels compared per pass: small enough that all lane arrays stay in the L1 data cache together, large
     * enough that the vectorised loops run long.
     */
    private static final int CHUNK = 512;
    /**
     * Lane totals are flushed before their error sum reaches bit 20, where changed counts start: a lane adds
     * at most 1020 per chunk.
     */
    private static final int CHUNKS_PER_FLUSH = 1024;
    /** Rows are searched backwards for their last changed pixel in steps of this many pixels. */
    private static final int TAIL_STEP = 64;

    private final Lanes e;
    private final Lanes a;
    private final int eStride;
    private final int aStride;
    private final boolean alpha;
    private final int threshold;
    private final boolean changesOnly;
    private final ChangeTally tally;

    private final int[] expected;
    private final int[] actual;
    private final int[] packed;
    private final int[] changedFlags;
    private final int[] exceeding;
    private final int[] none;
    private final int[] totals;
    private int largest = -1;
    private int chunksSinceFlush;

    /**
     * @param changesOnly count changed pixels and their bounds only, as capture deltas need: the largest
     *                    difference is not looked for, and a zero threshold compares whole pixels at once
     */
    LaneRowScan(
            Frame expectedFrame,
            Frame actualFrame,
            int frameWidth,
            boolean alpha,
            int threshold,
            boolean changesOnly,
            ChangeTally tally) {
        int width = Math.min(frameWidth, CHUNK);
        this.e = Lanes.of(expectedFrame);
        this.a = Lanes.of(actualFrame);
        this.eStride = expectedFrame.stride();
        this.aStride = actualFrame.stride();
        this.alpha = alpha;
        this.threshold = threshold;
        this.changesOnly = changesOnly;
        this.tally = tally;
        this.expected = new int[width];
        this.actual = new int[width];
        this.packed = new int[width];
        this.changedFlags = new int[width];
        this.exceeding = new int[width];
        this.none = new int[width];
        this.totals = new int[width];
    }

    /** Whether this scan applies: both frames in one format with four bytes per pixel. */
    static boolean fits(Frame expected, Frame actual) {
        return expected.format() == actual.format() && expected.format().bytesPerPixel() == 4;
    }

    @Override
    public void row(int y, int from, int to) {
        int eRow = y * eStride;
        int aRow = y * aStride;
        int mismatch = e.bytes
                .slice(eRow + from * 4, (to - from) * 4)
                .mismatch(a.bytes.slice(aRow + from * 4, (to - from) * 4));
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
        e.copy(eAt, expected, n);
        a.copy(aAt, actual, n);
        if (changesOnly && threshold == 0) {
            // a pixel changed exactly when one of its compared bytes differs
            PackedDifferences.flagDifferent(expected, actual, alpha ? -1 : 0x00FF_FFFF, changedFlags, totals, n);
            return;
        }
        PackedDifferences.pack(expected, actual, packed, n);
        if (alpha) {
            PackedDifferences.foldAlpha(expected, actual, packed, totals, n);
        }
        PackedDifferences.flagAndSum(packed, changedFlags, totals, PackedDifferences.above(threshold), n);
        if (!changesOnly && largest < 255) {
            PackedDifferences.exceeding(packed, exceeding, PackedDifferences.above(largest), n);
            if (Arrays.mismatch(exceeding, 0, n, none, 0, n) >= 0) {
                largest = Math.max(largest, PackedDifferences.largest(packed, n));
            }
        }
    }

    @Override
    public void finish() {
        long errors = 0;
        long changed = 0;
        for (int total : totals) {
            errors += PackedDifferences.errorSum(total);
            changed += PackedDifferences.changedCount(total);
        }
        tally.addTotals(changed, errors, Math.max(largest, 0));
        Arrays.fill(totals, 0);
        chunksSinceFlush = 0;
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

    /**
     * A frame's pixels read as little-endian ints, byte 0 in the low bits. Rows of a stride divisible by four
     * are read through one int view made once; other strides through a view per chunk.
     */
    private static final class Lanes {

        private final ByteBuffer bytes;
        private final IntBuffer ints;

        private Lanes(ByteBuffer bytes, IntBuffer ints) {
            this.bytes = bytes;
            this.ints = ints;
        }

        static Lanes of(Frame frame) {
            ByteBuffer bytes = frame.pixels();
            IntBuffer ints = frame.stride() % 4 == 0
                    ? bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer()
                    : null;
            return new Lanes(bytes, ints);
        }

        /** Copies {@code n} pixels from byte {@code offset} on into {@code out}. */
        void copy(int offset, int[] out, int n) {
            if (ints != null) {
                ints.get(offset >> 2, out, 0, n);
            } else {
                bytes.slice(offset, n * 4)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .asIntBuffer()
                        .get(out, 0, n);
            }
        }
    }
}

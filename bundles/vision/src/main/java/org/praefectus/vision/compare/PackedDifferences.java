package org.praefectus.vision.compare;

/**
 * The loops of {@link LaneRowScan}, over int lanes of one pixel each. A pixel's three colour differences are
 * packed into one int, ten bits each: byte 0's in bits 0–9, byte 1's in bits 10–19, byte 2's in bits 20–29.
 * A difference is at most 255, so adding {@code 511 - limit} to a field sets the field's bit 9 exactly when the
 * difference exceeds the limit, and no carry reaches the next field: one addition tests three channels.
 *
 * <p>Each loop is kept small enough for C2 in JDK 17 to vectorise it. Maxima are written {@code x - ((x - y) &
 * ((x - y) >> 31))}: C2 in JDK 17 does not vectorise {@code Math.max} on ints.
 *
 * <p>A lane total holds an error sum in bits 0–19 and a changed count from bit 20 on; see {@link
 * #errorSum} and {@link #changedCount}.
 */
final class PackedDifferences {

    /** Bit 9 of each of the three fields. */
    private static final int OVER = (1 << 9) | (1 << 19) | (1 << 29);

    private static final int FIELD = 0x3FF;
    private static final int COUNT_SHIFT = 20;

    private PackedDifferences() {}

    /**
     * The addend that sets a field's bit 9 when its difference exceeds {@code limit}: any difference for -1,
     * none for 255.
     */
    static int above(int limit) {
        int addend = 511 - limit;
        return addend | (addend << 10) | (addend << 20);
    }

    /** Packs the absolute differences of bytes 0, 1 and 2 of each pixel pair. */
    static void pack(int[] p, int[] q, int[] out, int n) {
        for (int i = 0; i < n; i++) {
            int x = p[i];
            int y = q[i];
            // each channel is masked in place: its difference is shifted left by 0, 8 or 16 bits, and by 0, 2
            // or 4 more to reach its field
            int c0 = Math.abs((x & 0xFF) - (y & 0xFF));
            int c1 = Math.abs((x & 0xFF00) - (y & 0xFF00));
            int c2 = Math.abs((x & 0xFF_0000) - (y & 0xFF_0000));
            out[i] = c0 | (c1 << 2) | (c2 << 4);
        }
    }

    /**
     * Brings the alpha difference in: field 2 keeps the larger of byte 2's and alpha's differences, so the limit
     * and largest-difference tests see both, and the smaller goes straight to the lane total's error sum.
     */
    static void foldAlpha(int[] p, int[] q, int[] packed, int[] totals, int n) {
        for (int i = 0; i < n; i++) {
            int w = packed[i];
            int opacity = Math.abs((p[i] >>> 24) - (q[i] >>> 24));
            int c2 = w >>> 20;
            int larger = c2 - ((c2 - opacity) & ((c2 - opacity) >> 31));
            packed[i] = (w & 0xF_FFFF) | (larger << 20);
            totals[i] += c2 + opacity - larger;
        }
    }

    /**
     * Flags the pixels with a field over the limit {@code above} was made from (1, else 0), and adds the
     * flag and the three fields' sum to the lane totals. The multiplication adds the three fields into bits
     * 20–29: no carry comes from below, where fields 0 and 1 sum to at most 510 in bits 10–19, and none leaves,
     * since the sum is at most 765; what lands above bit 29 is masked off.
     */
    static void flagAndSum(int[] packed, int[] flags, int[] totals, int above, int n) {
        for (int i = 0; i < n; i++) {
            int w = packed[i];
            int over = (w + above) & OVER;
            int flag = (over | -over) >>> 31;
            flags[i] = flag;
            totals[i] += ((w * 0x0010_0401) >>> 20 & FIELD) + (flag << COUNT_SHIFT);
        }
    }

    /** Marks the pixels with a field over the limit {@code above} was made from (non-zero, else 0). */
    static void exceeding(int[] packed, int[] out, int above, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = (packed[i] + above) & OVER;
        }
    }

    /** The largest field of the first {@code n} lanes. */
    static int largest(int[] packed, int n) {
        int largest = 0;
        for (int i = 0; i < n; i++) {
            int w = packed[i];
            largest = Math.max(largest, Math.max(w & FIELD, Math.max((w >>> 10) & FIELD, w >>> 20)));
        }
        return largest;
    }

    /** Flags the pixels that differ in a bit of {@code mask} (1, else 0) and counts them in the lane totals. */
    static void flagDifferent(int[] p, int[] q, int mask, int[] flags, int[] totals, int n) {
        for (int i = 0; i < n; i++) {
            int v = (p[i] ^ q[i]) & mask;
            int flag = (v | -v) >>> 31;
            flags[i] = flag;
            totals[i] += flag << COUNT_SHIFT;
        }
    }

    /** The error sum of a lane total. */
    static int errorSum(int total) {
        return total & ((1 << COUNT_SHIFT) - 1);
    }

    /** The changed count of a lane total. */
    static int changedCount(int total) {
        return total >>> COUNT_SHIFT;
    }
}

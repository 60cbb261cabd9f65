package org.praefectus.vision.compare;

import java.nio.ByteBuffer;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;

/**
 * Channel-by-channel comparison for any pair of formats (RGB8 against BGRA8, RGB8 against RGB8, ...). When both
 * frames lay pixels out the same way, equal stretches are skipped with the JDK's vectorised {@link
 * ByteBuffer#mismatch}; only pixels around a mismatch are compared one by one.
 */
final class PixelRowScan implements RowScan {

    /** After a mismatch, this many pixels are compared one by one before the vectorised scan resumes. */
    private static final int SLOW_RUN = 16;

    private final ByteBuffer e;
    private final ByteBuffer a;
    private final int eStride;
    private final int aStride;
    private final PixelFormat ef;
    private final PixelFormat af;
    private final int ebpp;
    private final int abpp;
    private final boolean sameLayout;
    private final boolean alpha;
    private final int threshold;
    private final ChangeTally tally;

    private long changed;
    private long error;
    private int maxDelta;
    private int first;
    private int last;

    PixelRowScan(Frame expected, Frame actual, boolean alpha, int threshold, ChangeTally tally) {
        this.e = expected.pixels();
        this.a = actual.pixels();
        this.eStride = expected.stride();
        this.aStride = actual.stride();
        this.ef = expected.format();
        this.af = actual.format();
        this.ebpp = ef.bytesPerPixel();
        this.abpp = af.bytesPerPixel();
        // equal bytes mean equal pixels only when both frames lay pixels out the same way
        this.sameLayout = ef == af;
        this.alpha = alpha;
        this.threshold = threshold;
        this.tally = tally;
    }

    @Override
    public void row(int y, int from, int to) {
        first = Integer.MAX_VALUE;
        last = -1;
        scan(y, from, to);
        if (last >= 0) {
            tally.addChangedSpan(y, first, last);
        }
    }

    @Override
    public void finish() {
        tally.addTotals(changed, error, maxDelta);
    }

    private void scan(int y, int from, int to) {
        int eRow = y * eStride;
        int aRow = y * aStride;
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
        error += sum;
        maxDelta = Math.max(maxDelta, delta);
        if (delta > threshold) {
            changed++;
            first = Math.min(first, x);
            last = x;
            if (tally.drawsMask()) {
                tally.markChanged(x, y);
            }
        }
    }
}

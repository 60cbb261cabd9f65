package org.praefectus.vision.compare;

import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;

/** The running totals of one comparison, fed by a {@link RowScan}, and the optional diff mask. */
final class ChangeTally {

    private final int width;
    private final byte[] mask;

    private long changed;
    private long errorSum;
    private int maxDelta;
    private int minX = Integer.MAX_VALUE;
    private int minY = Integer.MAX_VALUE;
    private int maxX = -1;
    private int maxY = -1;

    /** @param drawMask whether to paint changed pixels red into an RGBA mask of {@code width x height} */
    ChangeTally(int width, int height, boolean drawMask) {
        this.width = width;
        this.mask = drawMask ? new byte[width * height * 4] : null;
    }

    /** Adds changed pixels, summed channel differences and a largest channel difference. */
    void addTotals(long changedPixels, long channelErrors, int largestDelta) {
        changed += changedPixels;
        errorSum += channelErrors;
        maxDelta = Math.max(maxDelta, largestDelta);
    }

    /** Widens the changed bounds to hold pixels {@code first} to {@code last} of row {@code y}. */
    void addChangedSpan(int y, int first, int last) {
        minX = Math.min(minX, first);
        maxX = Math.max(maxX, last);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
    }

    boolean drawsMask() {
        return mask != null;
    }

    /** Paints pixel {@code x,y} opaque red in the mask; only when {@link #drawsMask()}. */
    void markChanged(int x, int y) {
        int m = (y * width + x) * 4;
        mask[m] = (byte) 0xff;
        mask[m + 3] = (byte) 0xff;
    }

    byte[] mask() {
        return mask;
    }

    VisualDiff finish(Region region, long compared, VisualCompareOptions options, int channels) {
        double ratio = compared == 0 ? 0 : (double) changed / compared;
        double mae = compared == 0 ? 0 : (double) errorSum / (compared * channels);
        Region bounds = bounds();
        boolean matches = ratio <= options.maxChangedRatio()
                && (options.maxChangedPixels() == null || changed <= options.maxChangedPixels())
                && (options.maxMeanAbsoluteError() == null || mae <= options.maxMeanAbsoluteError())
                && (options.maxChannelDelta() == null || maxDelta <= options.maxChannelDelta());
        return new VisualDiff(region, compared, changed, ratio, mae, maxDelta, bounds, matches);
    }

    /** The changed pixels and bounds only: what a scan that skipped errors and maxima can report. */
    FrameChanges changes(long compared) {
        return new FrameChanges(compared, changed, bounds());
    }

    private Region bounds() {
        return changed == 0 ? null : new Region(minX, minY, maxX - minX + 1, maxY - minY + 1);
    }
}

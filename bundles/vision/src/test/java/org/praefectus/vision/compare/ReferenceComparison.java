package org.praefectus.vision.compare;

import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.DiffImage;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;

/**
 * The comparison written the obvious way, one pixel at a time through {@link Frame#argb}, as the yardstick for
 * the optimised {@link FrameComparison}. Frames must already have one size (or the options say
 * {@code common-region}).
 */
final class ReferenceComparison {

    private ReferenceComparison() {}

    static DiffImage compare(Frame expected, Frame actual, VisualCompareOptions options) {
        int width = Math.min(expected.width(), actual.width());
        int height = Math.min(expected.height(), actual.height());
        Region region = options.region() == null ? new Region(0, 0, width, height) : options.region();
        boolean alpha = options.alphaMode() == AlphaMode.COMPARE;
        byte[] mask = new byte[width * height * 4];
        long compared = 0;
        long changed = 0;
        long errors = 0;
        int maxDelta = 0;
        Region bounds = null;
        for (int y = region.y(); y < region.bottom(); y++) {
            for (int x = region.x(); x < region.right(); x++) {
                if (ignored(options, x, y)) {
                    continue;
                }
                compared++;
                int p = expected.argb(x, y);
                int q = actual.argb(x, y);
                int delta = 0;
                for (int shift = 0; shift < (alpha ? 32 : 24); shift += 8) {
                    int d = Math.abs((p >>> shift & 0xff) - (q >>> shift & 0xff));
                    errors += d;
                    delta = Math.max(delta, d);
                }
                maxDelta = Math.max(maxDelta, delta);
                if (delta > options.perChannelThreshold()) {
                    changed++;
                    Region pixel = new Region(x, y, 1, 1);
                    bounds = bounds == null ? pixel : bounds.union(pixel);
                    mask[(y * width + x) * 4] = (byte) 0xff;
                    mask[(y * width + x) * 4 + 3] = (byte) 0xff;
                }
            }
        }
        double ratio = compared == 0 ? 0 : (double) changed / compared;
        double mae = compared == 0 ? 0 : (double) errors / (compared * (alpha ? 4 : 3));
        boolean matches = ratio <= options.maxChangedRatio()
                && (options.maxChangedPixels() == null || changed <= options.maxChangedPixels())
                && (options.maxMeanAbsoluteError() == null || mae <= options.maxMeanAbsoluteError())
                && (options.maxChannelDelta() == null || maxDelta <= options.maxChannelDelta());
        VisualDiff diff = new VisualDiff(region, compared, changed, ratio, mae, maxDelta, bounds, matches);
        return new DiffImage(diff, Frame.packed(width, height, PixelFormat.RGBA8, mask));
    }

    private static boolean ignored(VisualCompareOptions options, int x, int y) {
        for (Region ignore : options.ignoreRegions()) {
            if (ignore.contains(x, y)) {
                return true;
            }
        }
        return false;
    }
}

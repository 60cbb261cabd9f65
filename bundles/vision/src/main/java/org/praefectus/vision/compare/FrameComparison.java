package org.praefectus.vision.compare;

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
 * Pixel comparison of two frames: the size policy, the region and the ignore regions decide which row
 * segments are compared; a {@link RowScan} compares them ({@link LaneRowScan} for two frames in one four-byte
 * format, {@link PixelRowScan} otherwise) and a {@link ChangeTally} adds up the result.
 */
public final class FrameComparison {

    private FrameComparison() {}

    public static VisualDiff compare(Frame expected, Frame actual, VisualCompareOptions options) {
        AlignedFrames aligned = AlignedFrames.align(expected, actual, options.sizePolicy());
        ChangeTally tally = new ChangeTally(aligned.width(), aligned.height(), false);
        return diff(aligned, options, tally);
    }

    /** Changed pixels and bounds only, as {@link #compare} counts them, for capture deltas. */
    public static FrameChanges changes(Frame expected, Frame actual, VisualCompareOptions options) {
        AlignedFrames aligned = AlignedFrames.align(expected, actual, options.sizePolicy());
        ChangeTally tally = new ChangeTally(aligned.width(), aligned.height(), false);
        return tally.changes(scan(aligned, options, tally, true));
    }

    public static DiffImage diffImage(Frame expected, Frame actual, VisualCompareOptions options) {
        AlignedFrames aligned = AlignedFrames.align(expected, actual, options.sizePolicy());
        ChangeTally tally = new ChangeTally(aligned.width(), aligned.height(), true);
        VisualDiff diff = diff(aligned, options, tally);
        return new DiffImage(diff, Frame.packed(aligned.width(), aligned.height(), PixelFormat.RGBA8, tally.mask()));
    }

    private static VisualDiff diff(AlignedFrames aligned, VisualCompareOptions options, ChangeTally tally) {
        long compared = scan(aligned, options, tally, false);
        return tally.finish(
                compared(aligned, options), compared, options, options.alphaMode() == AlphaMode.COMPARE ? 4 : 3);
    }

    private static Region compared(AlignedFrames aligned, VisualCompareOptions options) {
        return options.region() == null ? aligned.bounds() : options.region();
    }

    /** Compares the rows the options select into {@code tally}; returns the number of pixels compared. */
    private static long scan(
            AlignedFrames aligned, VisualCompareOptions options, ChangeTally tally, boolean changesOnly) {
        Region region = compared(aligned, options);
        if (!region.within(aligned.width(), aligned.height())) {
            throw new VisionException(VisionException.INVALID_REGION, "the compared region lies outside the frames");
        }
        boolean alpha = options.alphaMode() == AlphaMode.COMPARE;
        Frame expected = aligned.expected();
        Frame actual = aligned.actual();
        RowScan scan = LaneRowScan.fits(expected, actual)
                ? new LaneRowScan(
                        expected, actual, aligned.width(), alpha, options.perChannelThreshold(), changesOnly, tally)
                : new PixelRowScan(expected, actual, alpha, options.perChannelThreshold(), tally);
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
        scan.finish();
        return compared;
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
}

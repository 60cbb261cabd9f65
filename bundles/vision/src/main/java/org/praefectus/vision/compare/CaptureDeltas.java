package org.praefectus.vision.compare;

import org.praefectus.api.vision.CaptureDelta;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.SizePolicy;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.vision.image.FrameImages;

/** Incremental capture deltas: the whole first frame, then packed patches of the changed bounds. */
public final class CaptureDeltas {

    private CaptureDeltas() {}

    /**
     * @param previous the stream's previous frame, or {@code null} for a full frame
     * @throws VisionException {@code size_mismatch} when previous and current differ in size or format
     */
    public static CaptureDelta delta(Frame previous, Frame current, long sequence, VisualCompareOptions options) {
        if (previous == null) {
            return full(current, sequence);
        }
        if (previous.format() != current.format()) {
            throw new VisionException(VisionException.SIZE_MISMATCH, "the frames differ in pixel format");
        }
        FrameChanges changes = FrameComparison.changes(
                previous,
                current,
                options.toBuilder().sizePolicy(SizePolicy.ERROR).build());
        Region bounds = changes.bounds();
        if (bounds == null) {
            return new CaptureDelta(
                    sequence, current.width(), current.height(), current.format(), false, null, 0, 0, 0, null);
        }
        if (bounds.equals(current.bounds())) {
            return CaptureDelta.ofWholeFrame(sequence, current, false, changes.changed(), changes.ratio());
        }
        // the packed region is a new array nobody else holds, so the delta may keep it uncopied
        return CaptureDelta.adopting(
                sequence,
                current.width(),
                current.height(),
                current.format(),
                false,
                bounds,
                changes.changed(),
                changes.ratio(),
                bounds.width() * current.format().bytesPerPixel(),
                FrameImages.packedRegion(current, bounds));
    }

    /** The whole frame as one patch. */
    public static CaptureDelta full(Frame current, long sequence) {
        return CaptureDelta.ofWholeFrame(
                sequence, current, true, current.bounds().area(), 1);
    }
}

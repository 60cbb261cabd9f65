package org.praefectus.api.vision;

import org.osgi.annotation.versioning.ProviderType;

/** Compares frames, draws diff masks and computes capture deltas. Stateless and thread-safe. */
@ProviderType
public interface VisualComparator {

    /**
     * Compares two frames in RGB space (and alpha with {@link AlphaMode#COMPARE}).
     *
     * @throws VisionException {@code size_mismatch} for differing sizes under {@link SizePolicy#ERROR},
     *                         {@code invalid_region} for a region outside the frame
     */
    VisualDiff compare(Frame expected, Frame actual, VisualCompareOptions options);

    /** Compares and draws the transparent diff mask with the changed pixels in red. */
    DiffImage diffImage(Frame expected, Frame actual, VisualCompareOptions options);

    /**
     * The incremental delta from {@code previous} to {@code current}: a full frame when {@code previous} is
     * {@code null}, otherwise the packed patch of the changed bounds, or no patch when nothing changed.
     *
     * @throws VisionException {@code size_mismatch} when the frames differ in size or format
     */
    CaptureDelta delta(Frame previous, Frame current, long sequence, VisualCompareOptions options);
}

package org.praefectus.vision;

import org.osgi.service.component.annotations.Component;
import org.praefectus.api.vision.CaptureDelta;
import org.praefectus.api.vision.DiffImage;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.VisualComparator;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;
import org.praefectus.vision.compare.CaptureDeltas;
import org.praefectus.vision.compare.FrameComparison;

/** {@link VisualComparator}: pixel comparison, diff masks and capture deltas. */
@Component(service = VisualComparator.class)
public final class VisualComparatorComponent implements VisualComparator {

    @Override
    public VisualDiff compare(Frame expected, Frame actual, VisualCompareOptions options) {
        return FrameComparison.compare(expected, actual, options);
    }

    @Override
    public DiffImage diffImage(Frame expected, Frame actual, VisualCompareOptions options) {
        return FrameComparison.diffImage(expected, actual, options);
    }

    @Override
    public CaptureDelta delta(Frame previous, Frame current, long sequence, VisualCompareOptions options) {
        return CaptureDeltas.delta(previous, current, sequence, options);
    }
}

package org.praefectus.vision.compare;

import java.nio.ByteBuffer;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.SizePolicy;
import org.praefectus.api.vision.VisionException;

/**
 * Two frames brought to one comparable size by the size policy.
 *
 * @param expected the expected frame
 * @param actual   the actual frame, resized under {@link SizePolicy#RESIZE_ACTUAL}
 * @param width    the compared width
 * @param height   the compared height
 */
record AlignedFrames(Frame expected, Frame actual, int width, int height) {

    /** The compared area at 0,0. */
    Region bounds() {
        return new Region(0, 0, width, height);
    }

    static AlignedFrames align(Frame expected, Frame actual, SizePolicy policy) {
        if (expected.width() == actual.width() && expected.height() == actual.height()) {
            return new AlignedFrames(expected, actual, expected.width(), expected.height());
        }
        return switch (policy) {
            case ERROR ->
                throw new VisionException(
                        VisionException.SIZE_MISMATCH,
                        "the frames differ in size (expected " + expected.width() + "x" + expected.height()
                                + ", actual " + actual.width() + "x" + actual.height() + ")");
            case COMMON_REGION ->
                new AlignedFrames(
                        expected,
                        actual,
                        Math.min(expected.width(), actual.width()),
                        Math.min(expected.height(), actual.height()));
            case RESIZE_ACTUAL ->
                new AlignedFrames(
                        expected,
                        resizeNearest(actual, expected.width(), expected.height()),
                        expected.width(),
                        expected.height());
        };
    }

    /** Nearest-neighbour resize keeping the pixel format: no new colours appear, so thresholds keep meaning. */
    static Frame resizeNearest(Frame frame, int width, int height) {
        int bpp = frame.format().bytesPerPixel();
        byte[] out = new byte[width * height * bpp];
        ByteBuffer pixels = frame.pixels();
        for (int y = 0; y < height; y++) {
            int sourceRow = (int) ((long) y * frame.height() / height) * frame.stride();
            for (int x = 0; x < width; x++) {
                int source = sourceRow + (int) ((long) x * frame.width() / width) * bpp;
                pixels.get(source, out, (y * width + x) * bpp, bpp);
            }
        }
        return Frame.packed(width, height, frame.format(), out);
    }
}

package org.praefectus.vision.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;

/**
 * The bulk copies of {@link FrameImages#packedRegion} (whole rows of a densely packed frame, the whole frame)
 * give exactly the bytes a row-by-row copy gives, and padded frames still drop their padding.
 */
class PackedRegionTest {

    private static final Random RANDOM = new Random(11);

    private static Frame frame(int width, int height, PixelFormat format, int padding) {
        int stride = width * format.bytesPerPixel() + padding;
        byte[] data = new byte[stride * height];
        RANDOM.nextBytes(data);
        return new Frame(width, height, stride, format, data);
    }

    /** The region's rows one pixel at a time, from the frame's own pixel accessor. */
    private static byte[] rowByRow(Frame frame, Region region) {
        int bpp = frame.format().bytesPerPixel();
        byte[] out = new byte[region.width() * region.height() * bpp];
        byte[] all = frame.copyPixels();
        int at = 0;
        for (int y = region.y(); y < region.bottom(); y++) {
            for (int x = region.x(); x < region.right(); x++) {
                for (int b = 0; b < bpp; b++) {
                    out[at++] = all[y * frame.stride() + x * bpp + b];
                }
            }
        }
        return out;
    }

    @Test
    void wholeRowsAndWholeFramesEqualRowByRowCopies() {
        for (PixelFormat format : PixelFormat.values()) {
            for (int padding : new int[] {0, 3}) {
                Frame frame = frame(37, 9, format, padding);
                for (Region region : new Region[] {
                    frame.bounds(),
                    new Region(0, 0, 37, 1),
                    new Region(0, 8, 37, 1),
                    new Region(0, 2, 37, 5),
                    new Region(1, 2, 36, 5),
                    new Region(0, 2, 36, 5),
                    new Region(5, 3, 1, 1)
                }) {
                    assertArrayEquals(
                            rowByRow(frame, region),
                            FrameImages.packedRegion(frame, region),
                            format + " padding " + padding + " " + region);
                }
            }
        }
    }

    @Test
    void theWholeFrameIsAFreshArray() {
        Frame frame = frame(8, 4, PixelFormat.RGBA8, 0);
        byte[] first = FrameImages.packedRegion(frame, frame.bounds());
        first[0]++;
        assertArrayEquals(rowByRow(frame, frame.bounds()), FrameImages.packedRegion(frame, frame.bounds()));
    }
}

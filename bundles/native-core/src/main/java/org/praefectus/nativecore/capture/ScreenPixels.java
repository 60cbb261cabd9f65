package org.praefectus.nativecore.capture;

import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;

/**
 * A rectangle cut out of a native screen image whose 32-bit pixels are blue, green, red, then alpha or padding (both
 * CoreGraphics and GDI give these), as an opaque BGRA8 frame: a screen has no transparency, whatever the fourth byte.
 */
public final class ScreenPixels {

    private ScreenPixels() {}

    /**
     * @param pixels      the image's bytes, rows top-down
     * @param bytesPerRow bytes from one row's start to the next's (at least {@code 4 * width})
     * @param width       the image's width in pixels
     * @param height      its height
     * @param cut         the rectangle to cut, in the image's pixels
     * @throws DesktopException {@code invalid_region} when the rectangle leaves the image
     */
    public static Frame cut(byte[] pixels, int bytesPerRow, int width, int height, Region cut) throws DesktopException {
        if (!cut.within(width, height)) {
            throw new DesktopException("invalid_region", "the region leaves the captured screen");
        }
        byte[] out = new byte[4 * cut.width() * cut.height()];
        for (int row = 0; row < cut.height(); row++) {
            int from = (cut.y() + row) * bytesPerRow + 4 * cut.x();
            int to = 4 * cut.width() * row;
            System.arraycopy(pixels, from, out, to, 4 * cut.width());
            for (int alpha = to + 3; alpha < to + 4 * cut.width(); alpha += 4) {
                out[alpha] = (byte) 0xFF;
            }
        }
        return Frame.packed(cut.width(), cut.height(), PixelFormat.BGRA8, out);
    }
}

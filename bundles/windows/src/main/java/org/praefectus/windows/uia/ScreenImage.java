package org.praefectus.windows.uia;

/**
 * The virtual screen as GDI copied it: 32-bit BGRX rows, top-down.
 *
 * @param x      left edge of the virtual screen
 * @param y      top edge
 * @param width  pixels per row
 * @param height rows
 * @param pixels {@code 4 * width * height} bytes
 */
public record ScreenImage(long x, long y, int width, int height, byte[] pixels) {
    public ScreenImage {
        if (width <= 0 || height <= 0 || pixels.length < 4L * width * height) {
            throw new IllegalArgumentException("inconsistent screen image");
        }
    }
}

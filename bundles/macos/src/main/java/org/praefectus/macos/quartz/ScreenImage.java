package org.praefectus.macos.quartz;

/**
 * One captured display image: 32-bit pixels as CoreGraphics returned them (BGRA, premultiplied first).
 *
 * @param displayId   the display
 * @param width       pixels per row
 * @param height      rows
 * @param bytesPerRow bytes per row (at least {@code 4 * width})
 * @param pixels      the bytes, {@code bytesPerRow * height}
 */
public record ScreenImage(long displayId, int width, int height, int bytesPerRow, byte[] pixels) {
    public ScreenImage {
        if (width <= 0 || height <= 0 || bytesPerRow < 4L * width || pixels.length < (long) bytesPerRow * height) {
            throw new IllegalArgumentException("inconsistent screen image");
        }
    }
}

package org.praefectus.vision.ocr;

import java.util.List;
import org.praefectus.api.vision.Region;

/**
 * The image handed to Tesseract and the way back to source coordinates: processed = rotate(scale(source −
 * origin)) about the processed image's centre.
 *
 * @param pixels        grey (1 byte) or RGB (3 bytes) per pixel, rows packed
 * @param width         processed width
 * @param height        processed height
 * @param bytesPerPixel 1 or 3
 * @param originX       the crop's left edge in source coordinates
 * @param originY       the crop's top edge in source coordinates
 * @param scale         the scale applied
 * @param rotation      the rotation applied, degrees
 * @param warnings      what preprocessing noticed
 */
record PreparedImage(
        byte[] pixels,
        int width,
        int height,
        int bytesPerPixel,
        int originX,
        int originY,
        double scale,
        double rotation,
        List<String> warnings) {

    /** Maps a box of the processed image back to source coordinates, clipped to {@code limit}. */
    Region toSource(int left, int top, int right, int bottom, Region limit) {
        double[] xs = {left, right, left, right};
        double[] ys = {top, top, bottom, bottom};
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        double radians = Math.toRadians(-rotation);
        double cx = width / 2.0;
        double cy = height / 2.0;
        for (int i = 0; i < 4; i++) {
            double x = xs[i];
            double y = ys[i];
            if (rotation != 0) {
                double dx = x - cx;
                double dy = y - cy;
                x = cx + dx * Math.cos(radians) - dy * Math.sin(radians);
                y = cy + dx * Math.sin(radians) + dy * Math.cos(radians);
            }
            x = x / scale + originX;
            y = y / scale + originY;
            minX = Math.min(minX, x);
            minY = Math.min(minY, y);
            maxX = Math.max(maxX, x);
            maxY = Math.max(maxY, y);
        }
        int x0 = Math.max(limit.x(), (int) Math.floor(minX));
        int y0 = Math.max(limit.y(), (int) Math.floor(minY));
        int x1 = Math.min(limit.right(), (int) Math.ceil(maxX));
        int y1 = Math.min(limit.bottom(), (int) Math.ceil(maxY));
        return x1 > x0 && y1 > y0 ? new Region(x0, y0, x1 - x0, y1 - y0) : null;
    }
}

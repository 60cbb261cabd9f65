package org.praefectus.linux.capture;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One capture as the executor uses it: opaque RGB pixels, row-major, each {@code 0x00RRGGBB}, with the
 * desktop position it was taken from. The pixel array is owned by the image; do not modify it.
 *
 * @param x      left edge on the desktop
 * @param y      top edge on the desktop
 * @param width  width, positive
 * @param height height, positive
 * @param pixels {@code width * height} pixels, top byte zero
 */
public record ScreenImage(int x, int y, int width, int height, int[] pixels) {

    public ScreenImage {
        requireNonNull(pixels, "pixels");
        if (width <= 0 || height <= 0 || (long) width * height != pixels.length) {
            throw new IllegalArgumentException("image size does not match its pixels");
        }
    }

    /** SHA-256 hex over the pixels as little-endian 32-bit words: the screen-content hash of coordinate fences. */
    public String contentHash() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            ByteBuffer buffer = ByteBuffer.allocate(256 * 1024).order(ByteOrder.LITTLE_ENDIAN);
            int chunk = buffer.capacity() / Integer.BYTES;
            for (int offset = 0; offset < pixels.length; offset += chunk) {
                int count = Math.min(chunk, pixels.length - offset);
                buffer.clear();
                buffer.asIntBuffer().put(pixels, offset, count);
                buffer.limit(count * Integer.BYTES);
                digest.update(buffer);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException everyJavaHasSha256) {
            throw new IllegalStateException(everyJavaHasSha256);
        }
    }

    /**
     * A rectangle of this image, in this image's own coordinates; the part keeps its desktop position.
     *
     * @throws CaptureFailure when the rectangle is empty or leaves the image
     */
    public ScreenImage region(int left, int top, int w, int h) throws CaptureFailure {
        if (w <= 0 || h <= 0 || left < 0 || top < 0 || (long) left + w > width || (long) top + h > height) {
            throw new CaptureFailure("the region is empty or leaves the screen");
        }
        int[] part = new int[w * h];
        for (int row = 0; row < h; row++) {
            System.arraycopy(pixels, (top + row) * width + left, part, row * w, w);
        }
        return new ScreenImage(x + left, y + top, w, h, part);
    }

    /** The pixel at an image position. */
    public int pixel(int column, int row) {
        return pixels[row * width + column];
    }

    @Override
    public String toString() {
        return "ScreenImage[x=" + x + ", y=" + y + ", width=" + width + ", height=" + height + ", pixels=[redacted]]";
    }
}

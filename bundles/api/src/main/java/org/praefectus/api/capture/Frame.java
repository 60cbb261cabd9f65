package org.praefectus.api.capture;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One captured image: opaque RGB pixels, row-major, each {@code 0x00RRGGBB} (the top byte must be zero:
 * it is hashed), with the desktop position it
 * was taken from. The pixel array is owned by the frame; do not modify it.
 *
 * @param x      left edge on the desktop
 * @param y      top edge on the desktop
 * @param width  width, positive
 * @param height height, positive
 * @param pixels {@code width * height} pixels
 */
public record Frame(int x, int y, int width, int height, int[] pixels) {

    public Frame {
        requireNonNull(pixels, "pixels");
        if (width <= 0 || height <= 0 || (long) width * height != pixels.length) {
            throw new IllegalArgumentException("frame size does not match its pixels");
        }
    }

    /** SHA-256 hex over the pixels as little-endian 32-bit words, the screen-content hash coordinates use. */
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

    /** The pixel at a frame position. */
    public int pixel(int column, int row) {
        return pixels[row * width + column] & 0xFFFFFF;
    }

    @Override
    public String toString() {
        return "Frame[x=" + x + ", y=" + y + ", width=" + width + ", height=" + height + ", pixels=[redacted]]";
    }
}

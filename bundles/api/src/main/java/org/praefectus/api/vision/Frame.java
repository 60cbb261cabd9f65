package org.praefectus.api.vision;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * One image: width, height, row stride in bytes, pixel format and the pixel bytes. Immutable: the bytes are
 * copied in and only read-only views go out, so a frame can be shared between threads and services.
 * Rows may be padded (stride greater than {@code width * bytesPerPixel}), as X11 captures are.
 */
public final class Frame {

    private final int width;
    private final int height;
    private final int stride;
    private final PixelFormat format;
    private final byte[] data;

    /**
     * @param data at least {@code stride * (height - 1) + width * bytesPerPixel} bytes; copied
     * @throws VisionException {@code invalid_image} when the sizes do not fit together
     */
    public Frame(int width, int height, int stride, PixelFormat format, byte[] data) {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(data, "data");
        if (width <= 0 || height <= 0) {
            throw new VisionException(VisionException.INVALID_IMAGE, "a frame needs a positive width and height");
        }
        long rowBytes = (long) width * format.bytesPerPixel();
        if (stride < rowBytes) {
            throw new VisionException(VisionException.INVALID_IMAGE, "the frame stride is shorter than a row");
        }
        long needed = (long) stride * (height - 1) + rowBytes;
        if (needed > Integer.MAX_VALUE - 8 || data.length < needed) {
            throw new VisionException(VisionException.INVALID_IMAGE, "the frame data is shorter than its rows");
        }
        this.width = width;
        this.height = height;
        this.stride = stride;
        this.format = format;
        this.data = Arrays.copyOf(data, (int) needed);
    }

    /** A frame whose rows are not padded: {@code stride = width * bytesPerPixel}. */
    public static Frame packed(int width, int height, PixelFormat format, byte[] data) {
        return new Frame(width, height, width * format.bytesPerPixel(), format, data);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Bytes from the start of one row to the start of the next. */
    public int stride() {
        return stride;
    }

    public PixelFormat format() {
        return format;
    }

    /** The whole frame as a region at 0,0. */
    public Region bounds() {
        return new Region(0, 0, width, height);
    }

    /** A read-only view of the pixel bytes; pixel {@code x,y} starts at {@code y * stride + x * bytesPerPixel}. */
    public ByteBuffer pixels() {
        return ByteBuffer.wrap(data).asReadOnlyBuffer();
    }

    /**
     * The pixel array itself when the rows are not padded, else {@code null}: for {@link CaptureDelta}, which
     * may share it because neither ever changes it.
     */
    byte[] packedPixels() {
        return stride == width * format.bytesPerPixel() ? data : null;
    }

    /** A copy of the pixel bytes with this frame's stride. */
    public byte[] copyPixels() {
        return data.clone();
    }

    /** The pixel at {@code x,y} as {@code 0xAARRGGBB}; alpha is 255 for formats without alpha. */
    public int argb(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            throw new VisionException(VisionException.INVALID_REGION, "the pixel lies outside the frame");
        }
        int at = y * stride + x * format.bytesPerPixel();
        int alpha = format.hasAlpha() ? data[at + format.alphaOffset()] & 0xff : 0xff;
        return alpha << 24
                | (data[at + format.redOffset()] & 0xff) << 16
                | (data[at + format.greenOffset()] & 0xff) << 8
                | (data[at + format.blueOffset()] & 0xff);
    }

    /** Frames are equal when size, format and every visible pixel byte are equal (row padding is ignored). */
    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof Frame that) || width != that.width || height != that.height || format != that.format) {
            return false;
        }
        int rowBytes = width * format.bytesPerPixel();
        for (int y = 0; y < height; y++) {
            if (!Arrays.equals(
                    data, y * stride, y * stride + rowBytes, that.data, y * that.stride, y * that.stride + rowBytes)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int rowBytes = width * format.bytesPerPixel();
        int hash = Objects.hash(width, height, format);
        for (int y = 0; y < height; y++) {
            for (int i = y * stride, end = i + rowBytes; i < end; i++) {
                hash = 31 * hash + data[i];
            }
        }
        return hash;
    }

    /** Size and format only: the pixels are never printed. */
    @Override
    public String toString() {
        return "Frame[" + width + "x" + height + " " + format.wireName() + "]";
    }
}

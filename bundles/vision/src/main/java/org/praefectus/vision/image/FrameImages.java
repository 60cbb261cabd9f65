package org.praefectus.vision.image;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.nio.ByteBuffer;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;

/** Conversions between frames and Java2D images, and the pixel copies other parts need. */
public final class FrameImages {

    private FrameImages() {}

    /** Any Java2D image as an RGBA8 frame. */
    public static Frame toFrame(BufferedImage image) {
        int width = image.getWidth();
        int height = image.getHeight();
        byte[] rgba = new byte[width * height * 4];
        int[] row = new int[width];
        for (int y = 0; y < height; y++) {
            image.getRGB(0, y, width, 1, row, 0, width);
            int at = y * width * 4;
            for (int x = 0; x < width; x++) {
                int argb = row[x];
                rgba[at++] = (byte) (argb >>> 16);
                rgba[at++] = (byte) (argb >>> 8);
                rgba[at++] = (byte) argb;
                rgba[at++] = (byte) (argb >>> 24);
            }
        }
        return Frame.packed(width, height, PixelFormat.RGBA8, rgba);
    }

    /** A frame as a {@code TYPE_4BYTE_ABGR} image (alpha kept; 255 for formats without alpha). */
    public static BufferedImage toImage(Frame frame) {
        BufferedImage image = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_4BYTE_ABGR);
        byte[] abgr = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        ByteBuffer pixels = frame.pixels();
        PixelFormat format = frame.format();
        int bpp = format.bytesPerPixel();
        int out = 0;
        for (int y = 0; y < frame.height(); y++) {
            int at = y * frame.stride();
            for (int x = 0; x < frame.width(); x++, at += bpp) {
                abgr[out++] = format.hasAlpha() ? pixels.get(at + format.alphaOffset()) : (byte) 0xff;
                abgr[out++] = pixels.get(at + format.blueOffset());
                abgr[out++] = pixels.get(at + format.greenOffset());
                abgr[out++] = pixels.get(at + format.redOffset());
            }
        }
        return image;
    }

    /**
     * The pixels of {@code region} as a new frame of the same format, rows densely packed.
     *
     * @throws VisionException {@code invalid_region} when the region is not inside the frame
     */
    public static Frame crop(Frame frame, Region region) {
        return Frame.packed(region.width(), region.height(), frame.format(), packedRegion(frame, region));
    }

    /** The bytes of {@code region}, rows densely packed ({@code width * bytesPerPixel} per row). */
    public static byte[] packedRegion(Frame frame, Region region) {
        requireInside(frame, region);
        int rowBytes = region.width() * frame.format().bytesPerPixel();
        boolean wholeRows = region.width() == frame.width() && frame.stride() == rowBytes;
        if (wholeRows && region.height() == frame.height()) {
            // a densely packed frame holds exactly its rows: one copy, without zeroing a new array first
            return frame.copyPixels();
        }
        byte[] out = new byte[rowBytes * region.height()];
        ByteBuffer pixels = frame.pixels();
        if (wholeRows) {
            // the rows lie next to each other in a densely packed frame: one bulk copy
            pixels.get(region.y() * rowBytes, out, 0, out.length);
            return out;
        }
        for (int row = 0; row < region.height(); row++) {
            pixels.get(
                    (region.y() + row) * frame.stride()
                            + region.x() * frame.format().bytesPerPixel(),
                    out,
                    row * rowBytes,
                    rowBytes);
        }
        return out;
    }

    /** @throws VisionException {@code invalid_region} when {@code region} is not inside the frame */
    public static Region requireInside(Frame frame, Region region) {
        if (!region.within(frame.width(), frame.height())) {
            throw new VisionException(VisionException.INVALID_REGION, "the region lies outside the frame");
        }
        return region;
    }
}

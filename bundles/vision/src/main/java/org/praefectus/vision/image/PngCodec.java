package org.praefectus.vision.image;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.VisionException;

/**
 * PNG decoding and encoding with the JDK's ImageIO: PNG needs nothing more, and ImageIO's reader also takes
 * the other formats the JDK knows (BMP, GIF, JPEG).
 */
public final class PngCodec implements ImageCodec {

    /** Larger images are refused before decoding: 64 megapixels (an 8K screen is 33). */
    static final long MAX_PIXELS = 64L * 1024 * 1024;

    @Override
    public Frame decode(byte[] image) {
        BufferedImage decoded;
        try {
            decoded = ImageIO.read(new ByteArrayInputStream(image));
        } catch (IOException | RuntimeException e) {
            throw new VisionException(VisionException.INVALID_IMAGE, "the image could not be decoded", e);
        }
        if (decoded == null) {
            throw new VisionException(
                    VisionException.INVALID_IMAGE, "the bytes are not an image format this reader knows");
        }
        if ((long) decoded.getWidth() * decoded.getHeight() > MAX_PIXELS) {
            throw new VisionException(VisionException.INVALID_IMAGE, "the image is larger than 64 megapixels");
        }
        return FrameImages.toFrame(decoded);
    }

    @Override
    public Frame read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException | UncheckedIOException e) {
            throw new VisionException(VisionException.IO_ERROR, "the image file could not be read", e);
        }
        return decode(bytes);
    }

    @Override
    public byte[] encodePng(Frame frame) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(FrameImages.toImage(frame), "png", out)) {
                throw new VisionException(VisionException.INVALID_IMAGE, "no PNG writer is available");
            }
        } catch (IOException e) {
            throw new VisionException(VisionException.INVALID_IMAGE, "the frame could not be encoded", e);
        }
        return out.toByteArray();
    }

    @Override
    public void writePng(Frame frame, Path file) {
        byte[] png = encodePng(frame);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.write(file, png);
        } catch (IOException e) {
            throw new VisionException(VisionException.IO_ERROR, "the image file could not be written", e);
        }
    }
}

package org.praefectus.linux.capture;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import javax.imageio.ImageIO;
import org.praefectus.api.vision.Frame;

/** Writes captures as PNG files readable by their owner only (0600), created fresh: never through a link. */
public final class PngFiles {

    private PngFiles() {}

    /**
     * Writes a new PNG file; an existing file is not overwritten.
     *
     * @throws IOException when the file exists or cannot be written
     */
    public static void write(ScreenImage screen, Path file) throws IOException {
        BufferedImage image = new BufferedImage(screen.width(), screen.height(), BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, screen.width(), screen.height(), screen.pixels(), 0, screen.width());
        write(image, file);
    }

    /** Writes a vision frame as a new PNG file (alpha is dropped: captures are opaque). */
    public static void write(Frame frame, Path file) throws IOException {
        write(image(frame), file);
    }

    /** Writes a vision frame as PNG bytes to a stream ({@code capture --stdout}). */
    public static void write(Frame frame, OutputStream out) throws IOException {
        if (!ImageIO.write(image(frame), "png", out)) {
            throw new IOException("no PNG writer");
        }
    }

    private static BufferedImage image(Frame frame) {
        BufferedImage image = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_INT_RGB);
        int[] row = new int[frame.width()];
        for (int y = 0; y < frame.height(); y++) {
            for (int x = 0; x < frame.width(); x++) {
                row[x] = frame.argb(x, y);
            }
            image.setRGB(0, y, frame.width(), 1, row, 0, frame.width());
        }
        return image;
    }

    private static void write(BufferedImage image, Path file) throws IOException {
        Path created = Files.createFile(
                file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (OutputStream out =
                Files.newOutputStream(created, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer");
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(created);
            throw e;
        }
    }
}

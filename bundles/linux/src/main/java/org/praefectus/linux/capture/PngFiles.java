package org.praefectus.linux.capture;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import javax.imageio.ImageIO;
import org.praefectus.api.capture.Frame;

/** Writes frames as PNG files readable by their owner only (0600), created fresh: never through a link. */
public final class PngFiles {

    private PngFiles() {
    }

    /**
     * Writes a new PNG file; an existing file is not overwritten.
     *
     * @throws IOException when the file exists or cannot be written
     */
    public static void write(Frame frame, Path file) throws IOException {
        BufferedImage image = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, frame.width(), frame.height(), frame.pixels(), 0, frame.width());
        Path created = Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (OutputStream out = Files.newOutputStream(created, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer");
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(created);
            throw e;
        }
    }
}

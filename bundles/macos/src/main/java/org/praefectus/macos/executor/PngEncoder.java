package org.praefectus.macos.executor;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.praefectus.macos.quartz.ScreenImage;

/** A CoreGraphics display image (BGRA rows with padding) as an RGB PNG, through the JDK's image I/O. */
final class PngEncoder {

    private PngEncoder() {}

    static byte[] encode(ScreenImage image) throws IOException {
        BufferedImage rgb = new BufferedImage(image.width(), image.height(), BufferedImage.TYPE_INT_RGB);
        byte[] pixels = image.pixels();
        for (int y = 0; y < image.height(); y++) {
            int row = y * image.bytesPerRow();
            for (int x = 0; x < image.width(); x++) {
                int at = row + 4 * x;
                rgb.setRGB(x, y, (pixels[at + 2] & 0xff) << 16 | (pixels[at + 1] & 0xff) << 8 | (pixels[at] & 0xff));
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        if (!ImageIO.write(rgb, "png", png)) {
            throw new IOException("no PNG writer");
        }
        return png.toByteArray();
    }
}

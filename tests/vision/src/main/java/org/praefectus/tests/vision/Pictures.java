package org.praefectus.tests.vision;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** PNG files drawn by the tests. */
final class Pictures {

    private Pictures() {}

    /** A white 320x200 picture with a blue box at {@code boxX,40} (30x30) and optional text at 20,150. */
    static Path write(Path file, int boxX, String text) throws IOException {
        BufferedImage image = new BufferedImage(320, 200, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 320, 200);
        g.setColor(Color.BLUE);
        g.fillRect(boxX, 40, 30, 30);
        if (text != null) {
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 28));
            g.drawString(text, 20, 170);
        }
        g.dispose();
        ImageIO.write(image, "png", file.toFile());
        return file;
    }
}

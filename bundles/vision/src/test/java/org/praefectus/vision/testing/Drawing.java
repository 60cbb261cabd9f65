package org.praefectus.vision.testing;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.vision.image.FrameImages;

/** Test pictures drawn with Java2D: a canvas, text whose box is known, buttons. */
public final class Drawing implements AutoCloseable {

    private final BufferedImage image;
    private final Graphics2D g;

    public Drawing(int width, int height, Color background) {
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(background);
        g.fillRect(0, 0, width, height);
    }

    public static Drawing white(int width, int height) {
        return new Drawing(width, height, Color.WHITE);
    }

    public Graphics2D graphics() {
        return g;
    }

    public Drawing fill(Region r, Color color) {
        g.setColor(color);
        g.fillRect(r.x(), r.y(), r.width(), r.height());
        return this;
    }

    /** Draws text with its top-left at {@code x,y}; returns the box the font says it occupies. */
    public Region text(String text, int x, int y, int size, Color color) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, size));
        g.setColor(color);
        FontMetrics metrics = g.getFontMetrics();
        g.drawString(text, x, y + metrics.getAscent());
        return new Region(x, y, metrics.stringWidth(text), metrics.getAscent() + metrics.getDescent());
    }

    /** A button: light fill, 1-pixel dark border, centred label. Returns its box. */
    public Region button(Region box, String label) {
        fill(box, new Color(0xe8, 0xe8, 0xe8));
        g.setColor(new Color(0x44, 0x44, 0x44));
        g.drawRect(box.x(), box.y(), box.width() - 1, box.height() - 1);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        FontMetrics metrics = g.getFontMetrics();
        g.drawString(
                label,
                box.x() + (box.width() - metrics.stringWidth(label)) / 2,
                box.y() + (box.height() + metrics.getAscent() - metrics.getDescent()) / 2);
        return box;
    }

    public BufferedImage image() {
        return image;
    }

    public Frame frame() {
        return FrameImages.toFrame(image);
    }

    @Override
    public void close() {
        g.dispose();
    }
}

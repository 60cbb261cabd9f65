package org.praefectus.vision.elements;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.vision.image.FrameImages;

/** Debugging pictures of a detection: the saliency mask and the frame with the found boxes outlined. */
public final class ElementImages {

    private ElementImages() {}

    /** Frame-sized RGBA: salient pixels opaque white, everything else transparent black. */
    public static Frame saliencyMask(Frame frame, UiElementDetectionOptions options) {
        SaliencyMask mask = SalientRegionDetector.mask(frame, options);
        Region region = mask.region();
        byte[] rgba = new byte[frame.width() * frame.height() * 4];
        for (int y = 0; y < region.height(); y++) {
            for (int x = 0; x < region.width(); x++) {
                if (mask.at(x, y)) {
                    int at = ((region.y() + y) * frame.width() + region.x() + x) * 4;
                    rgba[at] = rgba[at + 1] = rgba[at + 2] = rgba[at + 3] = (byte) 0xff;
                }
            }
        }
        return Frame.packed(frame.width(), frame.height(), PixelFormat.RGBA8, rgba);
    }

    /** The frame with a 2-pixel red outline around each element. */
    public static Frame overlay(Frame frame, List<VisualElement> elements) {
        BufferedImage image = FrameImages.toImage(frame);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.RED);
            g.setStroke(new BasicStroke(2));
            for (VisualElement element : elements) {
                Region b = element.bounds();
                g.drawRect(b.x(), b.y(), Math.max(0, b.width() - 1), Math.max(0, b.height() - 1));
            }
        } finally {
            g.dispose();
        }
        return FrameImages.toFrame(image);
    }
}

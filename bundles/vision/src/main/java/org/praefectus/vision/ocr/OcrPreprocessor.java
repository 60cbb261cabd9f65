package org.praefectus.vision.ocr;

import com.recognition.software.jdeskew.ImageDeskew;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.OcrPreprocessing;
import org.praefectus.api.vision.Region;
import org.praefectus.vision.image.FrameImages;

/** Crops and prepares a frame for Tesseract; see {@link OcrPreprocessing} for the order of the steps. */
final class OcrPreprocessor {

    /** Skew below this is noise; above the limit it is not text skew but a rotated page (out of scope). */
    private static final double MIN_SKEW = 0.1;

    private static final double MAX_SKEW = 15;

    private OcrPreprocessor() {}

    static PreparedImage prepare(Frame frame, Region crop, OcrPreprocessing steps) {
        List<String> warnings = new ArrayList<>();
        if (!steps.any()) {
            return new PreparedImage(
                    rgb(frame, crop), crop.width(), crop.height(), 3, crop.x(), crop.y(), 1, 0, warnings);
        }
        BufferedImage image = toRgbImage(FrameImages.toImage(FrameImages.crop(frame, crop)));
        double scale = steps.scale() == null ? 1 : steps.scale();
        if (scale != 1) {
            int width = Math.max(1, (int) Math.round(crop.width() * scale));
            int height = Math.max(1, (int) Math.round(crop.height() * scale));
            BufferedImage scaled = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
            Graphics2D g = scaled.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
            g.drawImage(image, 0, 0, width, height, null);
            g.dispose();
            image = scaled;
            scale = (double) width / crop.width();
        }
        int width = image.getWidth();
        int height = image.getHeight();
        byte[] bgr = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        boolean grey = steps.grayscale() || steps.threshold() != null;
        for (int i = 0; i < bgr.length; i += 3) {
            int b = bgr[i] & 0xff;
            int gr = bgr[i + 1] & 0xff;
            int r = bgr[i + 2] & 0xff;
            if (grey) {
                int luma = (int) Math.round(0.2126 * r + 0.7152 * gr + 0.0722 * b);
                r = gr = b = luma;
            }
            if (steps.contrast() != null) {
                r = stretch(r, steps.contrast());
                gr = stretch(gr, steps.contrast());
                b = stretch(b, steps.contrast());
            }
            if (steps.threshold() != null) {
                r = gr = b = r > steps.threshold() ? 255 : 0;
            }
            if (steps.invert()) {
                r = 255 - r;
                gr = 255 - gr;
                b = 255 - b;
            }
            bgr[i] = (byte) b;
            bgr[i + 1] = (byte) gr;
            bgr[i + 2] = (byte) r;
        }
        double rotation = 0;
        if (steps.deskew()) {
            double skew = new ImageDeskew(image).getSkewAngle();
            if (Math.abs(skew) >= MIN_SKEW && Math.abs(skew) <= MAX_SKEW) {
                rotation = -skew;
                image = rotate(image, rotation);
                bgr = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
            } else if (Math.abs(skew) > MAX_SKEW) {
                warnings.add("deskew skipped: the estimated skew exceeds 15 degrees");
            }
        }
        if (grey) {
            byte[] g = new byte[width * height];
            for (int i = 0; i < g.length; i++) {
                g[i] = bgr[i * 3 + 1];
            }
            return new PreparedImage(g, width, height, 1, crop.x(), crop.y(), scale, rotation, warnings);
        }
        byte[] rgb = new byte[bgr.length];
        for (int i = 0; i < bgr.length; i += 3) {
            rgb[i] = bgr[i + 2];
            rgb[i + 1] = bgr[i + 1];
            rgb[i + 2] = bgr[i];
        }
        return new PreparedImage(rgb, width, height, 3, crop.x(), crop.y(), scale, rotation, warnings);
    }

    private static int stretch(int value, double factor) {
        return Math.max(0, Math.min(255, (int) Math.round((value - 128) * factor + 128)));
    }

    private static BufferedImage toRgbImage(BufferedImage source) {
        BufferedImage rgb = new BufferedImage(source.getWidth(), source.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = rgb.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, source.getWidth(), source.getHeight());
        g.drawImage(source, 0, 0, null);
        g.dispose();
        return rgb;
    }

    /** Rotates about the centre on a canvas of the same size, filling uncovered corners with white. */
    private static BufferedImage rotate(BufferedImage source, double degrees) {
        BufferedImage rotated = new BufferedImage(source.getWidth(), source.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = rotated.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, source.getWidth(), source.getHeight());
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(
                source,
                AffineTransform.getRotateInstance(
                        Math.toRadians(degrees), source.getWidth() / 2.0, source.getHeight() / 2.0),
                null);
        g.dispose();
        return rotated;
    }

    /** The crop's pixels as packed RGB, straight from the frame (the common path: no Java2D). */
    static byte[] rgb(Frame frame, Region crop) {
        var pixels = frame.pixels();
        var format = frame.format();
        int bpp = format.bytesPerPixel();
        int red = format.redOffset();
        int green = format.greenOffset();
        int blue = format.blueOffset();
        byte[] row = new byte[crop.width() * bpp];
        byte[] out = new byte[crop.width() * crop.height() * 3];
        int o = 0;
        for (int y = crop.y(); y < crop.bottom(); y++) {
            pixels.get(y * frame.stride() + crop.x() * bpp, row);
            for (int at = 0; at < row.length; at += bpp) {
                out[o++] = row[at + red];
                out[o++] = row[at + green];
                out[o++] = row[at + blue];
            }
        }
        return out;
    }
}

package org.praefectus.vision.elements;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;

/**
 * Which pixels of a search region stand out: those differing from the background colour by at least the
 * edge threshold, and those on a step of at least the threshold to a neighbour (the side of the step farther
 * from the background). The background is the most frequent colour on the region's border.
 *
 * @param region     the searched region, in frame coordinates
 * @param salient    one flag per region pixel, row by row
 * @param contrast   per region pixel, the largest channel difference to the background (0–255)
 */
record SaliencyMask(Region region, boolean[] salient, byte[] contrast) {

    static SaliencyMask of(Frame frame, Region region, Iterable<Region> ignored, int threshold) {
        int width = region.width();
        int height = region.height();
        int[] rgb = new int[width * height];
        ByteBuffer pixels = frame.pixels();
        PixelFormat format = frame.format();
        int bpp = format.bytesPerPixel();
        for (int y = 0; y < height; y++) {
            int at = (region.y() + y) * frame.stride() + region.x() * bpp;
            for (int x = 0; x < width; x++, at += bpp) {
                rgb[y * width + x] = (pixels.get(at + format.redOffset()) & 0xff) << 16
                        | (pixels.get(at + format.greenOffset()) & 0xff) << 8
                        | (pixels.get(at + format.blueOffset()) & 0xff);
            }
        }
        int background = borderMode(rgb, width, height);
        boolean[] salient = new boolean[rgb.length];
        byte[] contrast = new byte[rgb.length];
        for (int i = 0; i < rgb.length; i++) {
            int c = delta(rgb[i], background);
            contrast[i] = (byte) c;
            if (c >= threshold) {
                salient[i] = true;
            }
        }
        // steps between neighbours: mark the side that stands out more from the background
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int i = y * width + x;
                if (x + 1 < width) {
                    step(rgb, contrast, salient, i, i + 1, threshold);
                }
                if (y + 1 < height) {
                    step(rgb, contrast, salient, i, i + width, threshold);
                }
            }
        }
        for (Region ignore : ignored) {
            int x0 = Math.max(ignore.x(), region.x()) - region.x();
            int x1 = Math.min(ignore.right(), region.right()) - region.x();
            int y0 = Math.max(ignore.y(), region.y()) - region.y();
            int y1 = Math.min(ignore.bottom(), region.bottom()) - region.y();
            for (int y = y0; y < y1; y++) {
                for (int x = x0; x < x1; x++) {
                    salient[y * width + x] = false;
                }
            }
        }
        return new SaliencyMask(region, salient, contrast);
    }

    private static void step(int[] rgb, byte[] contrast, boolean[] salient, int i, int j, int threshold) {
        if (delta(rgb[i], rgb[j]) >= threshold) {
            salient[(contrast[i] & 0xff) >= (contrast[j] & 0xff) ? i : j] = true;
        }
    }

    boolean at(int x, int y) {
        return salient[y * region.width() + x];
    }

    int contrastAt(int x, int y) {
        return contrast[y * region.width() + x] & 0xff;
    }

    static int delta(int a, int b) {
        int dr = Math.abs((a >>> 16 & 0xff) - (b >>> 16 & 0xff));
        int dg = Math.abs((a >>> 8 & 0xff) - (b >>> 8 & 0xff));
        int db = Math.abs((a & 0xff) - (b & 0xff));
        return Math.max(dr, Math.max(dg, db));
    }

    private static int borderMode(int[] rgb, int width, int height) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (int x = 0; x < width; x++) {
            counts.merge(rgb[x], 1, Integer::sum);
            counts.merge(rgb[(height - 1) * width + x], 1, Integer::sum);
        }
        for (int y = 1; y < height - 1; y++) {
            counts.merge(rgb[y * width], 1, Integer::sum);
            counts.merge(rgb[y * width + width - 1], 1, Integer::sum);
        }
        int best = rgb[0];
        int bestCount = -1;
        for (Map.Entry<Integer, Integer> entry : counts.entrySet()) {
            if (entry.getValue() > bestCount || (entry.getValue() == bestCount && entry.getKey() < best)) {
                best = entry.getKey();
                bestCount = entry.getValue();
            }
        }
        return best;
    }
}

package org.praefectus.vision.elements;

/** A group of salient pixels: its bounding box in region coordinates and its statistics. */
final class Component {
    int minX;
    int minY;
    int maxX;
    int maxY;
    long pixels;
    long contrastSum;

    Component(int x, int y) {
        minX = maxX = x;
        minY = maxY = y;
    }

    void add(int x, int y, int contrast) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
        pixels++;
        contrastSum += contrast;
    }

    void absorb(Component other) {
        minX = Math.min(minX, other.minX);
        maxX = Math.max(maxX, other.maxX);
        minY = Math.min(minY, other.minY);
        maxY = Math.max(maxY, other.maxY);
        pixels += other.pixels;
        contrastSum += other.contrastSum;
    }

    int width() {
        return maxX - minX + 1;
    }

    int height() {
        return maxY - minY + 1;
    }

    long area() {
        return (long) width() * height();
    }

    /** Whether the boxes overlap or lie less than {@code distance} pixels apart (gaps of distance-1 merge). */
    boolean near(Component other, int distance) {
        return minX - distance <= other.maxX
                && other.minX - distance <= maxX
                && minY - distance <= other.maxY
                && other.minY - distance <= maxY;
    }
}

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

    /** How much larger (in box area) a box must be than one inside it to frame it rather than merge with it. */
    static final int FRAME_AREA_RATIO = 16;
    /** The smallest side of a frame: a window or a pane, taller and wider than any button or field. */
    static final int FRAME_MIN_SIDE = 96;

    /**
     * Whether one box lies inside the other, which is a frame (both sides at least {@value #FRAME_MIN_SIDE})
     * of at least {@value #FRAME_AREA_RATIO} times its area: a window or pane around a control, which stays
     * a region of its own. A label inside its button's border merges with the button.
     */
    boolean frames(Component other) {
        return encloses(this, other) || encloses(other, this);
    }

    private static boolean encloses(Component outer, Component inner) {
        return inner.minX >= outer.minX
                && inner.maxX <= outer.maxX
                && inner.minY >= outer.minY
                && inner.maxY <= outer.maxY
                && outer.width() >= FRAME_MIN_SIDE
                && outer.height() >= FRAME_MIN_SIDE
                && outer.area() >= FRAME_AREA_RATIO * inner.area();
    }
}

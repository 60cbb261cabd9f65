package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/**
 * One display of a coordinate observation.
 *
 * @param displayId the display identity
 * @param x         left edge
 * @param y         top edge
 * @param width     width
 * @param height    height
 */
public record DisplayGeometry(String displayId, long x, long y, long width, long height) {
    public DisplayGeometry {
        present(displayId, "display_id");
    }

    /** Whether {@code (px, py)} lies on this display (right and bottom edges excluded). */
    public boolean contains(long px, long py) {
        return width > 0 && height > 0 && px >= x && py >= y && px - x < width && py - y < height;
    }
}

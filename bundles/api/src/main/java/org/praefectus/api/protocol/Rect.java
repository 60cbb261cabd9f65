package org.praefectus.api.protocol;

/**
 * A rectangle in desktop coordinates.
 *
 * @param x      left edge
 * @param y      top edge
 * @param width  width; positive where the protocol requires bounds
 * @param height height; positive where the protocol requires bounds
 */
public record Rect(long x, long y, long width, long height) {

    /** Whether the rectangle has a positive area. */
    public boolean hasArea() {
        return width > 0 && height > 0;
    }
}

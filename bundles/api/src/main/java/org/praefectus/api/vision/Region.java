package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A rectangle of pixels: in frame coordinates for frames, in screen coordinates for captures.
 *
 * @param x      left edge
 * @param y      top edge
 * @param width  width, positive
 * @param height height, positive
 */
public record Region(
        @JsonProperty("x") int x,
        @JsonProperty("y") int y,
        @JsonProperty("width") int width,
        @JsonProperty("height") int height) {

    public Region {
        if (width <= 0 || height <= 0) {
            throw new VisionException(VisionException.INVALID_REGION, "a region needs a positive width and height");
        }
        if ((long) x + width > Integer.MAX_VALUE || (long) y + height > Integer.MAX_VALUE) {
            throw new VisionException(VisionException.INVALID_REGION, "a region must end inside the integer range");
        }
    }

    /**
     * Parses {@code x,y,width,height} as the CLI and the reference write it.
     *
     * @throws VisionException {@code invalid_region} when the text is not four integers or the size is not positive
     */
    public static Region parse(String text) {
        String[] parts = text == null ? new String[0] : text.split(",", -1);
        if (parts.length != 4) {
            throw new VisionException(VisionException.INVALID_REGION, "a region is x,y,width,height");
        }
        try {
            return new Region(
                    Integer.parseInt(parts[0].trim()),
                    Integer.parseInt(parts[1].trim()),
                    Integer.parseInt(parts[2].trim()),
                    Integer.parseInt(parts[3].trim()));
        } catch (NumberFormatException e) {
            throw new VisionException(VisionException.INVALID_REGION, "a region is four integers x,y,width,height");
        }
    }

    /** One past the right edge. */
    public int right() {
        return x + width;
    }

    /** One past the bottom edge. */
    public int bottom() {
        return y + height;
    }

    public long area() {
        return (long) width * height;
    }

    /** Whether this region lies inside {@code 0,0,width,height}. */
    public boolean within(int frameWidth, int frameHeight) {
        return x >= 0 && y >= 0 && right() <= frameWidth && bottom() <= frameHeight;
    }

    public boolean contains(int px, int py) {
        return px >= x && py >= y && px < right() && py < bottom();
    }

    /** Whether {@code other} lies completely inside this region. */
    public boolean contains(Region other) {
        return other.x >= x && other.y >= y && other.right() <= right() && other.bottom() <= bottom();
    }

    public boolean intersects(Region other) {
        return x < other.right() && other.x < right() && y < other.bottom() && other.y < bottom();
    }

    /** The part both regions hold, or empty when they do not overlap. */
    public java.util.Optional<Region> intersection(Region other) {
        int left = Math.max(x, other.x);
        int top = Math.max(y, other.y);
        int width = Math.min(right(), other.right()) - left;
        int height = Math.min(bottom(), other.bottom()) - top;
        return width > 0 && height > 0
                ? java.util.Optional.of(new Region(left, top, width, height))
                : java.util.Optional.empty();
    }

    /** The smallest region holding both. */
    public Region union(Region other) {
        int left = Math.min(x, other.x);
        int top = Math.min(y, other.y);
        return new Region(left, top, Math.max(right(), other.right()) - left, Math.max(bottom(), other.bottom()) - top);
    }

    /** Intersection over union, 0 when they do not overlap: how well a detected box matches an expected one. */
    public double iou(Region other) {
        long w = Math.min(right(), other.right()) - (long) Math.max(x, other.x);
        long h = Math.min(bottom(), other.bottom()) - (long) Math.max(y, other.y);
        if (w <= 0 || h <= 0) {
            return 0;
        }
        double overlap = (double) w * h;
        return overlap / (area() + other.area() - overlap);
    }

    /** This region moved by {@code dx,dy}. */
    public Region translate(int dx, int dy) {
        return new Region(x + dx, y + dy, width, height);
    }

    @Override
    public String toString() {
        return x + "," + y + "," + width + "," + height;
    }
}

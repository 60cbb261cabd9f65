package org.praefectus.cdp;

/**
 * The ways a page hides content from the eye while leaving it in the accessibility tree (and so in names a model
 * reads): a {@code clip} or {@code clip-path} that leaves nothing to see, and text in the colour of its background.
 * Off-screen positioning, {@code opacity: 0} and the sr-only pattern's one-pixel clipping box are read from the boxes
 * themselves ({@link FrameLayout#concealed}). Text hidden this way is a prompt-injection surface: a person never sees
 * it, so the outline marks it {@code [hidden]} (#39 defect 5).
 */
final class VisualHiding {

    /** A colour the snapshot did not give (or could not be read). */
    static final long NO_COLOUR = -1;

    /** The canvas a page paints on when nothing sets a background: opaque white, packed as {@link #colour}. */
    static final long WHITE = 0xffffffffL;

    /** Channels closer than this count as the same colour: text a person cannot tell from its background. */
    private static final int SAME_COLOUR = 8;

    private VisualHiding() {}

    /**
     * Whether a computed {@code clip} ({@code rect(top, right, bottom, left)} in px, or {@code auto}) leaves at most
     * one pixel of the box, as {@code clip: rect(0 0 0 0)} does.
     */
    static boolean clipCollapses(String clip) {
        if (clip == null || !clip.startsWith("rect(") || !clip.endsWith(")")) {
            return false;
        }
        String[] sides = clip.substring(5, clip.length() - 1).split("[,\\s]+");
        if (sides.length != 4) {
            return false;
        }
        double top = pixels(sides[0]);
        double right = pixels(sides[1]);
        double bottom = pixels(sides[2]);
        double left = pixels(sides[3]);
        return (!Double.isNaN(right) && !Double.isNaN(left) && right - left <= 1)
                || (!Double.isNaN(bottom) && !Double.isNaN(top) && bottom - top <= 1);
    }

    /**
     * Whether a computed {@code clip-path} leaves nothing of a box {@code width} × {@code height} to see: an
     * {@code inset()} whose opposite sides meet, a {@code circle(0…)} or {@code ellipse(0…)}, or a polygon whose
     * points are all the same.
     */
    static boolean clipPathCollapses(String clipPath, double width, double height) {
        if (clipPath == null || clipPath.equals("none")) {
            return false;
        }
        if (clipPath.startsWith("circle(0") || clipPath.startsWith("ellipse(0")) {
            String radius = clipPath.substring(clipPath.indexOf('(') + 1).split("[\\s)]")[0];
            return pixelsOrPercent(radius, 1) == 0;
        }
        if (clipPath.startsWith("polygon(") && clipPath.endsWith(")")) {
            String[] points = clipPath.substring(8, clipPath.length() - 1).split(",");
            return points.length > 0
                    && java.util.Arrays.stream(points)
                                    .map(String::strip)
                                    .distinct()
                                    .count()
                            == 1;
        }
        if (!clipPath.startsWith("inset(")) {
            return false;
        }
        String inner = clipPath.substring(6, clipPath.indexOf(')') < 0 ? clipPath.length() : clipPath.indexOf(')'));
        int round = inner.indexOf(" round ");
        String[] values =
                (round < 0 ? inner : inner.substring(0, round)).strip().split("\\s+");
        if (values.length == 0 || values.length > 4) {
            return false;
        }
        String top = values[0];
        String right = values.length > 1 ? values[1] : top;
        String bottom = values.length > 2 ? values[2] : top;
        String left = values.length > 3 ? values[3] : right;
        double vertical = pixelsOrPercent(top, height) + pixelsOrPercent(bottom, height);
        double horizontal = pixelsOrPercent(left, width) + pixelsOrPercent(right, width);
        return vertical >= height - 1 || horizontal >= width - 1;
    }

    /**
     * A computed colour ({@code rgb(r, g, b)} or {@code rgba(r, g, b, a)}) packed as alpha, red, green, blue (one byte
     * each, from the high one), or {@link #NO_COLOUR}.
     */
    static long colour(String css) {
        if (css == null || !(css.startsWith("rgb(") || css.startsWith("rgba(")) || !css.endsWith(")")) {
            return NO_COLOUR;
        }
        String[] parts = css.substring(css.indexOf('(') + 1, css.length() - 1).split("[,\\s/]+");
        if (parts.length < 3) {
            return NO_COLOUR;
        }
        try {
            long alpha = parts.length > 3 ? Math.round(Double.parseDouble(parts[3]) * 255) : 255;
            long packed = alpha;
            for (int i = 0; i < 3; i++) {
                packed = packed << 8 | ((long) Double.parseDouble(parts[i]) & 0xff);
            }
            return packed;
        } catch (NumberFormatException e) {
            return NO_COLOUR;
        }
    }

    /** The alpha of a packed colour, 0 (transparent) to 255. */
    static int alpha(long colour) {
        return colour == NO_COLOUR ? 0 : (int) (colour >>> 24 & 0xff);
    }

    /** Whether text of colour {@code text} cannot be told from the {@code background} (or is transparent). */
    static boolean sameColour(long text, long background) {
        if (text == NO_COLOUR) {
            return false;
        }
        if (alpha(text) == 0) {
            return true;
        }
        if (background == NO_COLOUR) {
            return false;
        }
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs((text >>> shift & 0xff) - (background >>> shift & 0xff)) >= SAME_COLOUR) {
                return false;
            }
        }
        return true;
    }

    private static double pixels(String value) {
        if (!value.endsWith("px")) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(value.substring(0, value.length() - 2));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static double pixelsOrPercent(String value, double size) {
        try {
            if (value.endsWith("%")) {
                return Double.parseDouble(value.substring(0, value.length() - 1)) / 100 * size;
            }
            if (value.endsWith("px")) {
                return Double.parseDouble(value.substring(0, value.length() - 2));
            }
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}

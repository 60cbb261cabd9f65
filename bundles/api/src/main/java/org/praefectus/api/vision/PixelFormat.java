package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonValue;

/** The byte layout of one pixel in a {@link Frame}. Comparison happens in RGB space across all three. */
public enum PixelFormat {
    /** Red, green, blue; three bytes. */
    RGB8("rgb8", 3, 0, 1, 2, -1),
    /** Red, green, blue, alpha; four bytes. */
    RGBA8("rgba8", 4, 0, 1, 2, 3),
    /** Blue, green, red, alpha; four bytes (X11 and most capture APIs). */
    BGRA8("bgra8", 4, 2, 1, 0, 3);

    private final String wireName;
    private final int bytesPerPixel;
    private final int red;
    private final int green;
    private final int blue;
    private final int alpha;

    PixelFormat(String wireName, int bytesPerPixel, int red, int green, int blue, int alpha) {
        this.wireName = wireName;
        this.bytesPerPixel = bytesPerPixel;
        this.red = red;
        this.green = green;
        this.blue = blue;
        this.alpha = alpha;
    }

    /** The JSON name: {@code rgb8}, {@code rgba8}, {@code bgra8}. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    public int bytesPerPixel() {
        return bytesPerPixel;
    }

    /** Byte offset of red inside a pixel. */
    public int redOffset() {
        return red;
    }

    /** Byte offset of green inside a pixel. */
    public int greenOffset() {
        return green;
    }

    /** Byte offset of blue inside a pixel. */
    public int blueOffset() {
        return blue;
    }

    /** Byte offset of alpha inside a pixel, or -1 when the format has none (alpha is then 255). */
    public int alphaOffset() {
        return alpha;
    }

    public boolean hasAlpha() {
        return alpha >= 0;
    }
}

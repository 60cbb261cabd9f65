package org.praefectus.macos.quartz;

/**
 * One active display ({@code CGGetActiveDisplayList}, {@code CGDisplayBounds}, {@code CGDisplayPixelsWide}).
 *
 * @param displayId   the {@code CGDirectDisplayID}
 * @param x           left edge in global points
 * @param y           top edge in global points
 * @param width       width in points
 * @param height      height in points
 * @param pixelWidth  width in pixels (the scale is {@code pixelWidth / width})
 * @param pixelHeight height in pixels
 */
public record Display(long displayId, long x, long y, long width, long height, long pixelWidth, long pixelHeight) {}

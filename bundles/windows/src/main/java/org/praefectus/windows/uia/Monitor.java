package org.praefectus.windows.uia;

/**
 * One display monitor ({@code EnumDisplayMonitors}, {@code GetMonitorInfo}, {@code GetDpiForMonitor}).
 *
 * @param name   the device name ({@code \\.\DISPLAY1})
 * @param x      left edge, physical pixels on the virtual screen
 * @param y      top edge
 * @param width  width
 * @param height height
 * @param dpi    effective DPI (96 is 100 %)
 */
public record Monitor(String name, long x, long y, long width, long height, int dpi) {}

package org.praefectus.api.desktop;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;
import org.praefectus.api.vision.Region;

/**
 * What {@link DesktopCapture#capture} is asked.
 *
 * @param region       the region to capture, relative to the window when one is named; {@code null} for all of it
 * @param windowId     the X window ID to capture, or {@code null}
 * @param windowTitle  a part of the one window's title (any case), or {@code null}
 * @param app          a part of the one window's application ID (any case), or {@code null}
 * @param titleRegex   a pattern the one window's title contains, or {@code null}
 * @param output       the new PNG file to write (it must not exist), or {@code null} to only capture the frame
 * @param semanticTree whether the window's elements (or every window's) are answered beside the image
 */
public record CaptureRequest(
        Region region,
        Long windowId,
        String windowTitle,
        String app,
        Pattern titleRegex,
        Path output,
        boolean semanticTree) {

    public CaptureRequest {
        if (region != null && (region.x() < 0 || region.y() < 0)) {
            throw new IllegalArgumentException("the region must be inside the screen and not empty");
        }
        if (windowId != null && (windowId <= 0 || windowId > 0xFFFF_FFFFL)) {
            throw new IllegalArgumentException("the window is an X window ID");
        }
        if (windowId != null && filtered(windowTitle, app, titleRegex)) {
            throw new IllegalArgumentException("the window ID and the window filters exclude each other");
        }
        if (output != null && !output.toString().endsWith(".png")) {
            throw new IllegalArgumentException("the output must name a .png file");
        }
    }

    /** Whether a window filter (title, application, title pattern) names the window. */
    public boolean filtered() {
        return filtered(windowTitle, app, titleRegex);
    }

    /**
     * Whether {@code window} passes every filter given: its title contains {@link #windowTitle} and its application ID
     * {@link #app} (any case), and {@link #titleRegex} is found in its title. Every platform picks the one window
     * this way.
     */
    public boolean matches(DesktopWindow window) {
        return (windowTitle == null || contains(window.title(), windowTitle))
                && (app == null || contains(window.appId(), app))
                && (titleRegex == null || titleRegex.matcher(window.title()).find());
    }

    private static boolean contains(String text, String part) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
    }

    private static boolean filtered(String windowTitle, String app, Pattern titleRegex) {
        return windowTitle != null || app != null || titleRegex != null;
    }

    /**
     * An X window ID as every surface writes it: decimal or {@code 0x} hexadecimal.
     *
     * @throws IllegalArgumentException when it is neither, or out of range
     */
    public static long windowId(String text) {
        try {
            long id = text.startsWith("0x") ? Long.parseUnsignedLong(text.substring(2), 16) : Long.parseLong(text);
            if (id <= 0 || id > 0xFFFF_FFFFL) {
                throw new NumberFormatException();
            }
            return id;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the window is an X window ID");
        }
    }
}

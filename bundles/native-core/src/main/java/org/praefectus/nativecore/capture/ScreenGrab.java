package org.praefectus.nativecore.capture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;

/**
 * What a platform shows {@link NativeCapture} below its native boundary: whether the screen can be captured now, the
 * screen's bounds, the pixels of a screen rectangle, and a new file only the user can read. Everything it decides
 * (which window, the region, the occlusion, the file's rules) is above it. Rectangles are in the coordinates the
 * platform lists its windows in (macOS: global points; Windows: physical pixels of the virtual screen).
 */
public interface ScreenGrab {

    /** The capture backend as it names itself in a screenshot ({@code quartz-display-image}, {@code gdi-bitblt}). */
    String backend();

    /**
     * Why the screen cannot be captured now (macOS: Screen Recording not granted, display images no longer served;
     * Windows: no interactive desktop), or empty when it can. Never prompts the user.
     */
    Optional<String> unavailable();

    /** The screen a capture without window or region takes (macOS: the main display; Windows: the virtual screen). */
    Region screenBounds();

    /**
     * The pixels of {@code region}: as many as the display has there (a Retina display gives two per point).
     *
     * @throws DesktopException {@code capture_unavailable} when the platform refuses the image, {@code
     *                          invalid_region} when the region does not lie on one captured image
     */
    Frame pixels(Region region) throws DesktopException;

    /**
     * Writes {@code content} to a new file readable by the user only (mode 0600, or an owner-only ACL), never
     * replacing one.
     *
     * @throws java.nio.file.FileAlreadyExistsException when it exists
     * @throws IOException                             when it cannot be created or written (its folder is missing)
     */
    void writeNew(Path file, byte[] content) throws IOException;
}

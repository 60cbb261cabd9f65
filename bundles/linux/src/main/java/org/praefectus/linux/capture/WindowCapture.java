package org.praefectus.linux.capture;

import org.praefectus.api.vision.Region;

/**
 * The Linux capture service's window lookup, registered beside {@code ScreenCapture} for this bundle's own
 * {@code capture --window} command: the vision contract captures regions, not windows.
 */
public interface WindowCapture {

    /**
     * The on-screen part of a top-level X window, in screen coordinates.
     *
     * @throws org.praefectus.api.vision.VisionException {@code invalid_region} when the window does not exist
     *                                                   or is off screen
     */
    Region windowRegion(long windowId);
}

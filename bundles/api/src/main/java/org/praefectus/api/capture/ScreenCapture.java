package org.praefectus.api.capture;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Captures the screen of the desktop this framework runs on. Registered by the platform bundle; every call
 * checks the display again and refuses with {@link CaptureException} when it does not pass (on Linux:
 * only a native X server, never Xwayland or a Wayland session).
 */
@ProviderType
public interface ScreenCapture {

    /** The whole screen (the root window). */
    Frame captureScreen() throws CaptureException;

    /**
     * A rectangle of the screen; it must lie inside the screen.
     *
     * @throws CaptureException when the rectangle is empty or leaves the screen
     */
    Frame captureRegion(int x, int y, int width, int height) throws CaptureException;

    /**
     * The on-screen rectangle of one top-level window, by its platform window ID (an X window ID on Linux).
     *
     * @throws CaptureException when the window does not exist or is off screen
     */
    Frame captureWindow(long windowId) throws CaptureException;
}

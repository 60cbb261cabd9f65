package org.praefectus.linux.wayland;

import org.praefectus.linux.capture.CaptureFailure;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.linux.capture.ScreenSource;

/**
 * The executor's captures on Wayland: each one a fresh portal screenshot of the whole stage (a region is cut
 * from it; the portal captures nothing smaller). A capture the portal does not answer within
 * {@link #CAPTURE_MS} fails, as a refused one does.
 */
public final class PortalScreen implements ScreenSource {

    /** The ceiling for one portal screenshot (measured ~0.8-1.3 s on the headless test desktop). */
    static final long CAPTURE_MS = 10_000;

    private final PortalScreenshot screenshots;

    PortalScreen(PortalScreenshot screenshots) {
        this.screenshots = screenshots;
    }

    @Override
    public ScreenImage captureScreen() throws CaptureFailure {
        try {
            return screenshots.captureScreen(System.currentTimeMillis() + CAPTURE_MS);
        } catch (PortalException e) {
            throw new CaptureFailure(e.getMessage());
        }
    }

    @Override
    public ScreenImage captureRegion(int x, int y, int width, int height) throws CaptureFailure {
        return captureScreen().region(x, y, width, height);
    }
}

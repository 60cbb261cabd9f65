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
        ScreenImage screen = captureScreen();
        if (width <= 0
                || height <= 0
                || x < 0
                || y < 0
                || (long) x + width > screen.width()
                || (long) y + height > screen.height()) {
            throw new CaptureFailure("the region is empty or leaves the screen");
        }
        int[] pixels = new int[width * height];
        for (int row = 0; row < height; row++) {
            System.arraycopy(screen.pixels(), (y + row) * screen.width() + x, pixels, row * width, width);
        }
        return new ScreenImage(x, y, width, height, pixels);
    }
}

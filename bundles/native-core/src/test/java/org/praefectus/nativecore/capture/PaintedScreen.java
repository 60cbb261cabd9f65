package org.praefectus.nativecore.capture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.nativecore.desktop.DesktopPort;

/**
 * A fixture screen grab: the screen painted from the port's windows, back to front, each window in its own colour
 * ({@link #colour}) over a background, so a test knows which pixels a capture must hold. Whether the screen can be
 * captured and how a file is written are the platform's own grab's, over its fixtures.
 */
public final class PaintedScreen implements ScreenGrab {

    /** The colour where no window is. */
    public static final int BACKGROUND = 0xFF101010;

    private final DesktopPort port;
    private final Region screen;
    private final ScreenGrab platform;

    /**
     * @param port     the platform's desktop port over its fixtures
     * @param screen   the screen's bounds
     * @param platform the platform's grab over its fixtures: its {@link #unavailable} and {@link #writeNew}
     */
    public PaintedScreen(DesktopPort port, Region screen, ScreenGrab platform) {
        this.port = port;
        this.screen = screen;
        this.platform = platform;
    }

    /** The opaque colour a window is painted in: the same for the same ID, never the background. */
    public static int colour(String windowId) {
        int mixed = windowId.hashCode() * 0x9E3779B1;
        return 0xFF000000 | ((mixed ^ (mixed >>> 16)) & 0xFFFFFF) | 0x800000;
    }

    @Override
    public String backend() {
        return "painted-fixture";
    }

    @Override
    public Optional<String> unavailable() {
        return platform.unavailable();
    }

    @Override
    public Region screenBounds() {
        return screen;
    }

    @Override
    public Frame pixels(Region region) throws DesktopException {
        if (!screen.contains(region)) {
            throw new DesktopException("invalid_region", "the region leaves the screen");
        }
        List<DesktopWindow> frontToBack;
        try {
            frontToBack = port.windows(new CancellationToken(), System.currentTimeMillis() + 10_000);
        } catch (ExecutorException e) {
            throw new DesktopException("observation_error", e.getMessage());
        }
        byte[] bgra = new byte[4 * region.width() * region.height()];
        for (int y = 0; y < region.height(); y++) {
            for (int x = 0; x < region.width(); x++) {
                int argb = at(frontToBack, region.x() + x, region.y() + y);
                int i = 4 * (y * region.width() + x);
                bgra[i] = (byte) argb;
                bgra[i + 1] = (byte) (argb >> 8);
                bgra[i + 2] = (byte) (argb >> 16);
                bgra[i + 3] = (byte) (argb >>> 24);
            }
        }
        return Frame.packed(region.width(), region.height(), PixelFormat.BGRA8, bgra);
    }

    /** The colour of the frontmost shown window holding the point, else the background. */
    private static int at(List<DesktopWindow> frontToBack, int x, int y) {
        for (DesktopWindow w : frontToBack) {
            if (!"minimized".equals(w.state())
                    && w.bounds() != null
                    && x >= w.bounds().x()
                    && y >= w.bounds().y()
                    && x < w.bounds().x() + w.bounds().width()
                    && y < w.bounds().y() + w.bounds().height()) {
                return colour(w.id());
            }
        }
        return BACKGROUND;
    }

    @Override
    public void writeNew(Path file, byte[] content) throws IOException {
        platform.writeNew(file, content);
    }
}

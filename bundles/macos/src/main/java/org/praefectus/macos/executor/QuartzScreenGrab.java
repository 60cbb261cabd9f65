package org.praefectus.macos.executor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.macos.quartz.Display;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.ScreenImage;
import org.praefectus.nativecore.capture.ScreenGrab;
import org.praefectus.nativecore.capture.ScreenPixels;

/**
 * The screen as CoreGraphics display images show it: a region in global points is cut out of the one display that
 * holds it, at that display's pixel scale (two pixels per point on Retina). Without Screen Recording, or on a macOS
 * that no longer serves display images, nothing is captured and the reason is told.
 */
final class QuartzScreenGrab implements ScreenGrab {

    private final QuartzApi quartz;

    QuartzScreenGrab(QuartzApi quartz) {
        this.quartz = quartz;
    }

    @Override
    public String backend() {
        return "quartz-display-image";
    }

    @Override
    public Optional<String> unavailable() {
        if (!quartz.screenRecording()) {
            return Optional.of("Screen Recording is not granted to this process (System Settings > Privacy & Security"
                    + " > Screen Recording)");
        }
        if (!quartz.displayImagesServed()) {
            return Optional.of("this macOS no longer serves CoreGraphics display images (macOS 15 and later)");
        }
        return Optional.empty();
    }

    /** The main display: the one at the origin of the global coordinates, else the first listed. */
    @Override
    public Region screenBounds() {
        List<Display> displays = quartz.displays();
        Display main = displays.stream()
                .filter(d -> d.x() == 0 && d.y() == 0)
                .findFirst()
                .orElse(displays.get(0));
        return points(main);
    }

    @Override
    public Frame pixels(Region region) throws DesktopException {
        Display display = quartz.displays().stream()
                .filter(d -> points(d).contains(region))
                .findFirst()
                .orElseThrow(() -> new DesktopException("invalid_region", "the region does not lie on one display"));
        ScreenImage image = quartz.captureDisplay(display.displayId())
                .orElseThrow(() -> new DesktopException("capture_unavailable", "the display image was refused"));
        double scaleX = (double) image.width() / display.width();
        double scaleY = (double) image.height() / display.height();
        int left = (int) Math.floor((region.x() - display.x()) * scaleX);
        int top = (int) Math.floor((region.y() - display.y()) * scaleY);
        int right = (int) Math.ceil((region.right() - display.x()) * scaleX);
        int bottom = (int) Math.ceil((region.bottom() - display.y()) * scaleY);
        return ScreenPixels.cut(
                image.pixels(),
                image.bytesPerRow(),
                image.width(),
                image.height(),
                new Region(left, top, Math.min(right, image.width()) - left, Math.min(bottom, image.height()) - top));
    }

    @Override
    public void writeNew(Path file, byte[] content) throws IOException {
        PrivateState.writeNew(file, content);
    }

    private static Region points(Display d) {
        return new Region((int) d.x(), (int) d.y(), (int) d.width(), (int) d.height());
    }
}

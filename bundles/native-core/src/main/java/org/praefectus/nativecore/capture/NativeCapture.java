package org.praefectus.nativecore.capture;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.desktop.CaptureRequest;
import org.praefectus.api.desktop.DesktopCapture;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.Screenshot;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.Occlusion;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;
import org.praefectus.nativecore.desktop.DesktopPort;

/**
 * {@link DesktopCapture} on macOS and Windows, one implementation above each platform's {@link ScreenGrab}, with the
 * codes and fields of Linux's: the window by its ID or by the filters ({@link CaptureRequest#matches}) among the
 * windows the {@link DesktopPort} lists, the region relative to it, the pixels from the grab, the {@code occluded}
 * warning from the windows listed in front of it ({@link WindowOcclusion}), the PNG encoded by the {@link ImageCodec}
 * and written as a new file only the user can read, the semantic tree through the platform's {@link DesktopService}.
 * A screen the platform cannot capture now is {@code capture_unavailable} with its reason, before anything is listed.
 * Each platform bundle registers it through a thin component that extends it.
 */
public class NativeCapture implements DesktopCapture {

    /** How long a listing may take. */
    static final long LISTING_DEADLINE_MS = 30_000;

    private final DesktopPort port;
    private final ScreenGrab grab;
    private final DesktopService desktop;
    private final ImageCodec codec;

    public NativeCapture(DesktopPort port, ScreenGrab grab, DesktopService desktop, ImageCodec codec) {
        this.port = port;
        this.grab = grab;
        this.desktop = desktop;
        this.codec = codec;
    }

    @Override
    public Screenshot capture(CaptureRequest request, CancellationToken cancellation) throws DesktopException {
        Optional<String> unavailable = grab.unavailable();
        if (unavailable.isPresent()) {
            throw new DesktopException("capture_unavailable", unavailable.get());
        }
        DesktopWindow window = request.windowId() != null || request.filtered() ? window(request, cancellation) : null;
        Region region = region(request, window);
        Frame frame = grab.pixels(region);
        List<Occlusion> warnings = window == null
                ? List.of()
                // read right after the capture: a window over the captured one is named, never passed over
                : WindowOcclusion.of(listed(cancellation), window.id(), region)
                        .map(List::of)
                        .orElse(List.of());
        String output = request.output() == null ? null : write(frame, request.output());
        return new Screenshot(
                output,
                region.x(),
                region.y(),
                frame.width(),
                frame.height(),
                window == null ? null : window.id(),
                request.filtered() ? window : null,
                window != null ? "window" : request.region() == null ? "screen" : "region",
                grab.backend(),
                Instant.now().toString(),
                request.semanticTree() ? semanticTree(window, cancellation) : null,
                warnings,
                frame);
    }

    /** The one window the ID or the filters name. */
    private DesktopWindow window(CaptureRequest request, CancellationToken cancellation) throws DesktopException {
        String id = request.windowId() == null ? null : Long.toString(request.windowId());
        List<DesktopWindow> matching = listed(cancellation).stream()
                .filter(w -> id != null ? w.id().equals(id) : request.matches(w))
                .toList();
        if (matching.isEmpty()) {
            throw new DesktopException(
                    "window_not_found", id != null ? "no window has this ID" : "no window matches the filters");
        }
        if (matching.size() > 1) {
            throw new DesktopException("ambiguous_window", "more than one window matches: use the window ID");
        }
        DesktopWindow window = matching.get(0);
        if ("minimized".equals(window.state())
                || WindowOcclusion.region(window.bounds()).isEmpty()) {
            throw new DesktopException("window_not_found", "the window shows nothing on the screen (minimized)");
        }
        return window;
    }

    /** The screen region to capture: the request's, relative to the window when one is named. */
    private Region region(CaptureRequest request, DesktopWindow window) throws DesktopException {
        Region bounds = window == null
                ? grab.screenBounds()
                : WindowOcclusion.region(window.bounds()).orElseThrow();
        Region asked = request.region();
        if (asked == null) {
            return bounds;
        }
        try {
            Region region = window == null ? asked : asked.translate(bounds.x(), bounds.y());
            if (window != null && !bounds.contains(region)) {
                throw new DesktopException("invalid_region", "the region leaves the window");
            }
            return region;
        } catch (VisionException e) {
            throw new DesktopException(e.code(), e.getMessage());
        }
    }

    /** The PNG as a new file only the user can read; its absolute path. */
    private String write(Frame frame, Path file) throws DesktopException {
        byte[] png;
        try {
            png = codec.encodePng(frame);
        } catch (VisionException e) {
            throw new DesktopException("capture_error", "the capture could not be encoded as PNG");
        }
        Path absolute = file.toAbsolutePath();
        try {
            grab.writeNew(absolute, png);
        } catch (IOException e) {
            Path folder = absolute.getParent();
            throw new DesktopException(
                    "capture_error",
                    folder != null && !Files.isDirectory(folder) && !(e instanceof FileAlreadyExistsException)
                            ? "the output file's folder does not exist (create it first)"
                            : "the output file cannot be created (it must not exist)");
        }
        return absolute.toString();
    }

    private List<UiElement> semanticTree(DesktopWindow window, CancellationToken cancellation) throws DesktopException {
        ElementScope scope = window == null ? ElementScope.ALL : new ElementScope(null, null, window.id());
        return desktop.findElements(new ElementQuery(Selector.any(), scope, 0, false, null, null), cancellation)
                .elements();
    }

    private List<DesktopWindow> listed(CancellationToken cancellation) throws DesktopException {
        try {
            return port.windows(cancellation, System.currentTimeMillis() + LISTING_DEADLINE_MS);
        } catch (ExecutorException e) {
            throw new DesktopException("observation_error", e.failure().code() + ": " + e.getMessage());
        }
    }
}

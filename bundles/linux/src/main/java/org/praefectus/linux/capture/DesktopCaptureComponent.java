package org.praefectus.linux.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.desktop.CaptureRequest;
import org.praefectus.api.desktop.DesktopCapture;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.Screenshot;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Occlusion;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.desktop.ElementFinder;
import org.praefectus.linux.desktop.WindowDirectory;

/**
 * {@link DesktopCapture} on X11: a window by its ID ({@link WindowCapture}) or by the EWMH window list and its filters,
 * the frame from the {@link ScreenCapture} service, the PNG written by {@link PngFiles} as a new 0600 file. A window's
 * capture is the screen inside its bounds, so it carries the {@code occluded} warning when other windows lie over
 * it ({@link ScreenCapture#occlusion}).
 */
@Component(service = DesktopCapture.class)
public final class DesktopCaptureComponent implements DesktopCapture {

    /** The window lookup and the semantic tree must finish within this. */
    static final long DEADLINE_MS = 30_000;

    private final ScreenCapture capture;
    private final WindowCapture windows;
    private final DesktopSession session;

    @Activate
    public DesktopCaptureComponent(
            @Reference ScreenCapture capture, @Reference WindowCapture windows, @Reference DesktopSession session) {
        this.capture = capture;
        this.windows = windows;
        this.session = session;
    }

    @Override
    public Screenshot capture(CaptureRequest request, CancellationToken cancellation) throws DesktopException {
        Frame frame;
        Region region;
        DesktopWindow matched = null;
        String source;
        List<Occlusion> warnings = List.of();
        try {
            Region window = null;
            if (request.windowId() != null) {
                window = windows.windowRegion(request.windowId());
                source = "window";
            } else if (request.filtered()) {
                matched = window(request, cancellation);
                Rect b = matched.bounds();
                window = new Region((int) b.x(), (int) b.y(), (int) b.width(), (int) b.height());
                source = "window";
            } else {
                source = request.region() == null ? "screen" : "region";
            }
            Region r = request.region();
            if (r != null) {
                region = window == null ? r : new Region(window.x() + r.x(), window.y() + r.y(), r.width(), r.height());
                if (window != null && !window.contains(region)) {
                    throw new DesktopException("invalid_region", "the region leaves the window");
                }
            } else {
                region = window == null ? capture.screenBounds() : window;
            }
            frame = capture.capture(region);
            if (window != null) {
                // read right after the capture: a window over the captured one is named, never passed over
                String id = request.windowId() != null ? Long.toString(request.windowId()) : matched.id();
                warnings = capture.occlusion(id, region).map(List::of).orElse(List.of());
            }
        } catch (VisionException e) {
            throw new DesktopException(e.code(), e.getMessage());
        }
        String output = null;
        if (request.output() != null) {
            try {
                PngFiles.write(frame, request.output());
            } catch (IOException e) {
                Path folder = request.output().toAbsolutePath().getParent();
                throw new DesktopException(
                        "capture_error",
                        folder != null && !Files.isDirectory(folder)
                                ? "the output file's folder does not exist (create it first)"
                                : "the output file cannot be created (it must not exist)");
            }
            output = request.output().toAbsolutePath().toString();
        }
        return new Screenshot(
                output,
                region.x(),
                region.y(),
                frame.width(),
                frame.height(),
                request.windowId() != null ? Long.toString(request.windowId()) : matched == null ? null : matched.id(),
                matched,
                source,
                capture.backendName(), // the service that served the frame names itself
                Instant.now().toString(),
                request.semanticTree() ? semanticTree(request, matched, cancellation) : null,
                warnings,
                frame);
    }

    /** The one window the filters name. */
    private DesktopWindow window(CaptureRequest request, CancellationToken cancellation) throws DesktopException {
        List<DesktopWindow> matching = new ArrayList<>();
        for (DesktopWindow window : new WindowDirectory(session.executor())
                .list("auto", cancellation, System.currentTimeMillis() + DEADLINE_MS)
                .windows()) {
            if (request.matches(window)) {
                matching.add(window);
            }
        }
        if (matching.isEmpty()) {
            throw new DesktopException("window_not_found", "no window matches the filters");
        }
        if (matching.size() > 1) {
            throw new DesktopException("ambiguous_window", "more than one window matches: use the window ID");
        }
        return matching.get(0);
    }

    private List<UiElement> semanticTree(CaptureRequest request, DesktopWindow matched, CancellationToken cancellation)
            throws DesktopException {
        ElementScope scope = matched != null
                ? new ElementScope(null, null, matched.id())
                : request.windowId() != null
                        ? new ElementScope(null, null, Long.toString(request.windowId()))
                        : ElementScope.ALL;
        try {
            return new ElementFinder(session.executor(), 0)
                    .find(Selector.any(), scope, 0, cancellation, System.currentTimeMillis() + DEADLINE_MS)
                    .elements();
        } catch (ExecutorException e) {
            String code = e.failure() == ExecutorFailure.TARGET_NOT_FOUND ? "target_not_found" : "observation_error";
            throw new DesktopException(code, e.failure().code() + ": " + e.getMessage());
        }
    }
}

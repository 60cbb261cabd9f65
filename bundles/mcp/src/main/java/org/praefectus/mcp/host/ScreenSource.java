package org.praefectus.mcp.host;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Occlusion;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.mcp.host.ToolArguments.InvalidArgument;

/**
 * What a tool captures from the live screen: the whole screen, a {@code region} (screen coordinates) or a
 * {@code surface} (an id from {@code surfaces}: the screen pixels inside that window's current bounds, clipped
 * to the screen, so windows overlapping it show too, and the capture then carries the {@code occluded} warning
 * naming them). Region and surface exclude each other; a window filter
 * ({@link #captureNamed}) excludes both.
 */
final class ScreenSource {

    /**
     * A captured frame, where its top-left pixel is on the screen, and for a window (a surface) the
     * {@code occluded} warning when other windows lie over it.
     */
    record Captured(Frame frame, Region bounds, Optional<Occlusion> occlusion) {}

    /** A surface that is not (or no longer) listed, or has no bounds. */
    static final class UnknownSurface extends Exception {
        private static final long serialVersionUID = 1L;

        UnknownSurface() {
            super("unknown surface", null, false, false);
        }
    }

    /** A window filter that did not name exactly one window. */
    static final class NoSingleWindow extends Exception {
        private static final long serialVersionUID = 1L;

        private final int matched;

        NoSingleWindow(int matched) {
            super("not one window", null, false, false);
            this.matched = matched;
        }

        ToolResult failure() {
            return ToolResult.failure(
                    matched == 0 ? "window_not_found" : "window_ambiguous",
                    matched == 0 ? "no window matches" : "more than one window matches",
                    "call list_windows and give window_id (or a surface)",
                    true,
                    Map.of("matched", matched));
        }
    }

    private ScreenSource() {}

    /**
     * The one window that {@code window_title}, {@code app} or {@code window_id} names (as {@code list_windows}
     * matches), or else what {@link #capture} takes: a region, a surface or the whole screen.
     */
    static Captured captureNamed(
            ScreenCapture capture, HostServices services, Map<String, Object> args, long deadlineAtMs)
            throws UnknownSurface, ExecutorException, EngineException, NoSingleWindow {
        DesktopWindows.Scope scope = DesktopWindows.Scope.of(args);
        if (scope.equals(DesktopWindows.Scope.ALL)) {
            return capture(capture, services, args, deadlineAtMs);
        }
        if (args.get("surface") != null || args.get("region") != null) {
            throw new InvalidArgument("give a window filter, a surface or a region, not two");
        }
        var windows = DesktopWindows.read(services, scope, new CancellationToken(), deadlineAtMs)
                .windows();
        if (windows.size() != 1) {
            throw new NoSingleWindow(windows.size());
        }
        Map<String, Object> source = new HashMap<>(args);
        source.put("surface", windows.get(0).surface());
        return capture(capture, services, source, deadlineAtMs);
    }

    /** What the audit may say about where pixels came from: the kind of source, never its name. */
    static String sourceKind(Map<String, Object> args) {
        if (!DesktopWindows.Scope.of(args).equals(DesktopWindows.Scope.ALL)) {
            return "window";
        }
        return args.get("surface") != null ? "surface" : args.get("region") != null ? "region" : "screen";
    }

    static Captured capture(ScreenCapture capture, HostServices services, Map<String, Object> args, long deadlineAtMs)
            throws UnknownSurface, ExecutorException {
        Region region = ImageArguments.region(args.get("region"), "region");
        String surface = ToolArguments.stringArgument(args, "surface", false);
        if (region != null && surface != null) {
            throw new InvalidArgument("give region or surface, not both");
        }
        Region screen = capture.screenBounds();
        Region bounds = region != null
                ? region
                : surface != null ? surfaceBounds(services, surface, screen, deadlineAtMs) : screen;
        Frame frame = capture.capture(bounds);
        return new Captured(
                frame, bounds, surface == null ? Optional.empty() : occlusion(capture, services, surface, bounds));
    }

    /**
     * What lies over the surface's window in the captured bounds ({@link ScreenCapture#occlusion}, read right after
     * the capture), the window being the desktop window the platform's desktop service joins to the surface; empty
     * without that service or without such a window (nothing then tells what covers it).
     */
    private static Optional<Occlusion> occlusion(
            ScreenCapture capture, HostServices services, String surface, Region bounds) {
        Optional<DesktopService> desktop = services.desktop();
        if (desktop.isEmpty()) {
            return Optional.empty();
        }
        List<DesktopWindow> windows;
        try {
            windows = desktop.get()
                    .windows(WindowQuery.ALL, new CancellationToken())
                    .windows();
        } catch (DesktopException unlisted) {
            return Optional.empty();
        }
        for (DesktopWindow window : windows) {
            if (surface.equals(window.surfaceId())) {
                return capture.occlusion(window.id(), bounds);
            }
        }
        return Optional.empty();
    }

    /** The {@code occluded} warning as a tool result's {@code warnings} entry. */
    static Map<String, Object> warning(Occlusion occlusion) {
        return ToolJson.JSON.convertValue(occlusion, new TypeReference<Map<String, Object>>() {});
    }

    /** The surface as the engine's executor lists it: the one the tools observe and act through. */
    private static Region surfaceBounds(HostServices services, String surface, Region screen, long deadlineAtMs)
            throws UnknownSurface, ExecutorException {
        List<SurfaceDescriptor> surfaces;
        try {
            surfaces = services.engine().listSurfaces(new CancellationToken(), deadlineAtMs);
        } catch (EngineException noExecutor) {
            throw new UnknownSurface();
        }
        for (SurfaceDescriptor descriptor : surfaces) {
            if (descriptor.surface().id().equals(surface)) {
                return clip(descriptor.bounds(), screen);
            }
        }
        throw new UnknownSurface();
    }

    /** The window's bounds on the screen, or unknown when it has none or lies entirely off the screen. */
    static Region clip(Rect rect, Region screen) throws UnknownSurface {
        if (rect == null) {
            throw new UnknownSurface();
        }
        long left = Math.max(rect.x(), screen.x());
        long top = Math.max(rect.y(), screen.y());
        long right = Math.min(rect.x() + rect.width(), (long) screen.x() + screen.width());
        long bottom = Math.min(rect.y() + rect.height(), (long) screen.y() + screen.height());
        if (right <= left || bottom <= top) {
            throw new UnknownSurface();
        }
        return new Region((int) left, (int) top, (int) (right - left), (int) (bottom - top));
    }

    /** A {@link VisionException} about the screen as a tool error. */
    static ToolResult failure(VisionException e) {
        return ToolResult.failure(
                e.code(),
                "the screen could not be captured",
                "check the region against the screen bounds (or the surface against surfaces) and call again",
                true);
    }
}

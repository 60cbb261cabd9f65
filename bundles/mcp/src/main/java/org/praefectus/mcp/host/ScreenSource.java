package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Optional;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.mcp.host.ToolHost.InvalidArgument;

/**
 * What a tool captures from the live screen: the whole screen, a {@code region} (screen coordinates) or a
 * {@code surface} (an id from {@code surfaces}: the screen pixels inside that window's current bounds, clipped
 * to the screen, so windows overlapping it show too). Region and surface exclude each other.
 */
final class ScreenSource {

    /** A captured frame and where its top-left pixel is on the screen. */
    record Captured(Frame frame, Region bounds) {}

    /** A surface that is not (or no longer) listed, or has no bounds. */
    static final class UnknownSurface extends Exception {
        private static final long serialVersionUID = 1L;

        UnknownSurface() {
            super("unknown surface", null, false, false);
        }
    }

    private ScreenSource() {}

    static Captured capture(
            ScreenCapture capture, Optional<Executor> executor, Map<String, Object> args, long deadlineAtMs)
            throws UnknownSurface, ExecutorException {
        Region region = ImageArguments.region(args.get("region"), "region");
        String surface = ToolHost.stringArgument(args, "surface", false);
        if (region != null && surface != null) {
            throw new InvalidArgument("give region or surface, not both");
        }
        Region screen = capture.screenBounds();
        Region bounds = region != null
                ? region
                : surface != null ? surfaceBounds(executor, surface, screen, deadlineAtMs) : screen;
        Frame frame = capture.capture(bounds);
        return new Captured(frame, bounds);
    }

    private static Region surfaceBounds(Optional<Executor> executor, String surface, Region screen, long deadlineAtMs)
            throws UnknownSurface, ExecutorException {
        if (executor.isEmpty()) {
            throw new UnknownSurface();
        }
        for (SurfaceDescriptor descriptor : executor.get().listSurfaces(new CancellationToken(), deadlineAtMs)) {
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

package org.praefectus.linux.capture;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.Map;
import java.util.Optional;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.praefectus.api.desktop.CaptureRequest;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Occlusion;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.linux.ExecutorConfig;
import org.praefectus.linux.ExecutorEnvironment;
import org.praefectus.linux.wayland.PortalException;
import org.praefectus.linux.wayland.WaylandDesktop;
import org.praefectus.linux.wayland.WaylandLayout;
import org.praefectus.linux.wayland.WaylandProbe;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * Registers the vision bundle's {@link ScreenCapture} (and this bundle's {@link WindowCapture}) for the X
 * display the executor uses (its configuration's {@code display}, else this process's environment: a host that
 * found the session for a process started without {@code DISPLAY}, as MCP clients start servers, configures it
 * once for both), through MIT-SHM. The X session is opened on first use (the desktop may start after the
 * framework), reopened when it breaks, and refused on an untrusted server. On a native Wayland session the
 * captures come from the Screenshot portal instead (each a full portal screenshot, ~0.4 s; docs/wayland.md) and
 * window regions are refused: a Wayland client cannot learn where a window is. With {@code wayland_capture =
 * screencast} they come from a ScreenCast session the person shares at the first capture instead (the newest
 * PipeWire frame, milliseconds; {@link WaylandDesktop#screenCast}).
 */
@Component(
        service = {ScreenCapture.class, WindowCapture.class},
        configurationPid = ExecutorConfig.PID)
public final class LinuxScreenCapture implements ScreenCapture, WindowCapture {

    /** How long the first screen-cast capture waits for the person to share the screen. */
    static final long SHARE_MS = 60_000;

    private final Map<String, String> environment;
    private final boolean screenCast;

    private X11Session session;
    private ShmCapture capture;
    private WaylandDesktop wayland;

    @Activate
    public LinuxScreenCapture(ExecutorConfig config) {
        this(ExecutorEnvironment.of(config), screenCastRoute(config));
    }

    LinuxScreenCapture(Map<String, String> environment, boolean screenCast) {
        this.environment = Map.copyOf(environment);
        this.screenCast = screenCast;
    }

    /** The backend that serves a capture now: the X server's shared memory, or on Wayland the portal's route. */
    @Override
    public String backendName() {
        if (WaylandProbe.nativeWayland(environment)) {
            return screenCast ? CaptureBackends.SCREEN_CAST : CaptureBackends.PORTAL;
        }
        return CaptureBackends.SHM;
    }

    /** Whether the configuration asks for the ScreenCast route on Wayland ({@code wayland_capture}). */
    public static boolean screenCastRoute(ExecutorConfig config) {
        return switch (config.wayland_capture()) {
            case "screenshot" -> false;
            case "screencast" -> true;
            default -> throw new IllegalArgumentException("wayland_capture is screenshot or screencast");
        };
    }

    private synchronized WaylandDesktop wayland() {
        if (wayland == null) {
            try {
                wayland = WaylandDesktop.connect(environment);
            } catch (PortalException e) {
                throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, e.getMessage());
            }
        }
        return wayland;
    }

    private synchronized ShmCapture capture() {
        if (capture != null) {
            try {
                session.withDisplay((x, d, s, r) -> null);
            } catch (X11Refusal broken) {
                close();
            }
        }
        if (capture == null) {
            try {
                session = X11Session.open(environment);
                capture = new ShmCapture(session);
            } catch (X11Refusal refused) {
                close();
                throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, refused.getMessage());
            }
        }
        return capture;
    }

    @Override
    public Region screenBounds() {
        if (WaylandProbe.nativeWayland(environment)) {
            try {
                WaylandLayout layout = wayland().layoutSample();
                int right = 0;
                int bottom = 0;
                for (WaylandLayout.Output output : layout.outputs()) {
                    right = Math.max(right, output.x() + output.width());
                    bottom = Math.max(bottom, output.y() + output.height());
                }
                return new Region(0, 0, right, bottom);
            } catch (PortalException e) {
                throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, e.getMessage());
            }
        }
        try {
            int[] size = capture().screenSize();
            return new Region(0, 0, size[0], size[1]);
        } catch (CaptureFailure e) {
            throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, e.getMessage());
        }
    }

    @Override
    public Frame capture(Region region) {
        Region screen = screenBounds();
        Region target = region == null ? screen : region;
        if (!screen.contains(target)) {
            throw new VisionException(VisionException.INVALID_REGION, "the region lies outside the screen");
        }
        try {
            ScreenSource source = WaylandProbe.nativeWayland(environment) ? waylandScreen() : capture();
            return toFrame(source.captureRegion(target.x(), target.y(), target.width(), target.height()));
        } catch (CaptureFailure e) {
            throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, e.getMessage());
        }
    }

    private ScreenSource waylandScreen() {
        if (!screenCast) {
            return wayland().screen();
        }
        try {
            return wayland().screenCast(System.currentTimeMillis() + SHARE_MS);
        } catch (PortalException e) {
            throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, e.getMessage());
        }
    }

    @Override
    public Region windowRegion(long windowId) {
        if (WaylandProbe.nativeWayland(environment)) {
            throw new VisionException(VisionException.INVALID_REGION, "window regions are unknown on Wayland");
        }
        try {
            int[] r = capture().windowRegion(windowId);
            return new Region(r[0], r[1], r[2], r[3]);
        } catch (CaptureFailure e) {
            throw new VisionException(VisionException.INVALID_REGION, e.getMessage());
        }
    }

    /**
     * What lies over the window in the region, from the X stacking ({@link WindowCoverage}); empty on Wayland (window
     * regions are refused there) and for an ID that is no X window (an accessible window without one).
     */
    @Override
    public Optional<Occlusion> occlusion(String windowId, Region region) {
        if (WaylandProbe.nativeWayland(environment)) {
            return Optional.empty();
        }
        long window;
        try {
            window = CaptureRequest.windowId(windowId);
        } catch (IllegalArgumentException noXWindow) {
            return Optional.empty();
        }
        capture(); // the session, opened or reopened
        try {
            return WindowCoverage.of(session(), window, region);
        } catch (X11Refusal refused) {
            throw new VisionException(VisionException.INVALID_REGION, refused.getMessage());
        }
    }

    private synchronized X11Session session() {
        return session;
    }

    /** Packed BGRA8 with opaque alpha: the 32-bit X pixel written little-endian is blue, green, red, pad. */
    static Frame toFrame(ScreenImage image) {
        ByteBuffer bytes = ByteBuffer.allocate(image.pixels().length * 4).order(ByteOrder.LITTLE_ENDIAN);
        IntBuffer words = bytes.asIntBuffer();
        for (int pixel : image.pixels()) {
            words.put(pixel | 0xFF00_0000);
        }
        return Frame.packed(image.width(), image.height(), PixelFormat.BGRA8, bytes.array());
    }

    @Deactivate
    synchronized void close() {
        if (wayland != null) {
            wayland.close();
            wayland = null;
        }
        if (capture != null) {
            capture.close();
            capture = null;
        }
        if (session != null) {
            session.close();
            session = null;
        }
    }
}

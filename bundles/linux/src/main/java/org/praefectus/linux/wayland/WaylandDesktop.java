package org.praefectus.linux.wayland;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.praefectus.linux.wayland.PortalException.Reason;

/**
 * The executor's side of a native Wayland session: portal screenshots, one RemoteDesktop session started on
 * the first input, and (for a capture service configured for it) one ScreenCast session started on the first
 * capture; each kept open so the person approves once for this desktop's lifetime (the portal here has no
 * restore token). A session the compositor or the person closed is started again, which asks again.
 */
public final class WaylandDesktop implements AutoCloseable {

    private final Path socket;
    private final Map<String, String> environment;
    private final PortalRequests requests;
    private final PortalScreenshot screenshots;
    private final PortalScreen screen;
    private RemoteDesktopSession remoteDesktop;
    private ScreenCastSession screenCast;
    private final List<PipeWireFrames> castFrames = new ArrayList<>();

    private WaylandDesktop(Path socket, Map<String, String> environment, PortalRequests requests) {
        this.socket = socket;
        this.environment = Map.copyOf(environment);
        this.requests = requests;
        this.screenshots = new PortalScreenshot(requests);
        this.screen = new PortalScreen(screenshots);
    }

    /**
     * Connects to the session bus of a native Wayland session.
     *
     * @throws PortalException unavailable when the session is not native Wayland or has no session bus
     */
    public static WaylandDesktop connect(Map<String, String> environment) throws PortalException {
        if (!WaylandProbe.nativeWayland(environment)) {
            throw new PortalException(Reason.UNAVAILABLE, "not a native Wayland session");
        }
        Path socket = WaylandSocket.path(environment).orElseThrow();
        return new WaylandDesktop(
                socket, environment, PortalRequests.connect(environment.get("DBUS_SESSION_BUS_ADDRESS")));
    }

    public PortalScreenshot screenshots() {
        return screenshots;
    }

    /** Captures for fences and the screenshot action, through the portal. */
    public PortalScreen screen() {
        return screen;
    }

    /**
     * The compositor's output layout now, read twice and compared: a layout changing under the read is no
     * layout.
     *
     * @throws PortalException unavailable when the compositor cannot be asked or the layout moved
     */
    public WaylandLayout layout() throws PortalException {
        WaylandLayout first = WaylandOutputs.read(socket);
        WaylandLayout second = WaylandOutputs.read(socket);
        if (!first.equals(second) || first.outputs().isEmpty()) {
            throw new PortalException(PortalException.Reason.UNAVAILABLE, "the compositor's outputs are unsettled");
        }
        return first;
    }

    /** The compositor's output layout, read once (for the two ends of an observation). */
    public WaylandLayout layoutSample() throws PortalException {
        WaylandLayout layout = WaylandOutputs.read(socket);
        if (layout.outputs().isEmpty()) {
            throw new PortalException(PortalException.Reason.UNAVAILABLE, "the compositor reports no output");
        }
        return layout;
    }

    /**
     * The approved RemoteDesktop session's input, starting (and asking the person) when none is open.
     *
     * @throws PortalException when the person did not approve in time, or the portal cannot serve it
     */
    public synchronized PortalInput input(long deadlineAtMs) throws PortalException {
        if (remoteDesktop == null || !remoteDesktop.open()) {
            remoteDesktop = RemoteDesktopSession.start(requests, deadlineAtMs);
        }
        return new PortalInput(remoteDesktop);
    }

    /**
     * Captures from the approved screen cast, starting it (and asking the person) when none is shared; the
     * frame helpers are started again, without asking, when one of them ended while the cast is still shared.
     *
     * @throws PortalException when the person did not share in time, or the portal or the helper cannot serve it
     */
    public synchronized CastScreen screenCast(long deadlineAtMs) throws PortalException {
        if (screenCast == null || !screenCast.open()) {
            closeScreenCast();
            screenCast = ScreenCastSession.start(requests, deadlineAtMs);
        }
        if (castFrames.isEmpty() || castFrames.stream().anyMatch(frames -> !frames.alive())) {
            castFrames.forEach(PipeWireFrames::close);
            castFrames.clear();
            for (RemoteDesktopSession.Stream stream : screenCast.streams()) {
                castFrames.add(PipeWireFrames.open(stream, environment));
            }
        }
        return new CastScreen(castFrames);
    }

    private void closeScreenCast() {
        castFrames.forEach(PipeWireFrames::close);
        castFrames.clear();
        if (screenCast != null) {
            screenCast.close();
            screenCast = null;
        }
    }

    @Override
    public synchronized void close() {
        closeScreenCast();
        if (remoteDesktop != null) {
            remoteDesktop.close();
            remoteDesktop = null;
        }
        requests.close();
    }
}

package org.praefectus.linux.executor;

import java.util.Map;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ObservationStore;
import org.praefectus.linux.atspi.AtspiBus;
import org.praefectus.linux.atspi.AtspiDesktop;
import org.praefectus.linux.atspi.SemanticActions;
import org.praefectus.linux.atspi.SemanticObserver;
import org.praefectus.linux.atspi.SemanticResolver;
import org.praefectus.linux.atspi.StoredSnapshot;
import org.praefectus.linux.capture.ScreenLayout;
import org.praefectus.linux.capture.ScreenSource;
import org.praefectus.linux.capture.ShmCapture;
import org.praefectus.linux.wayland.PortalException;
import org.praefectus.linux.wayland.WaylandDesktop;
import org.praefectus.linux.wayland.WaylandProbe;
import org.praefectus.linux.x11.DisplayTopology;
import org.praefectus.linux.x11.InputSynthesizer;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * The executor's connections, opened on first use and reopened after they break: the desktop may
 * appear after the framework starts, and may restart under it. On a native Wayland session the display side
 * is the compositor and its portals ({@link #wayland()}) instead of X11. Observations survive a reconnect only
 * as stale targets (the store is kept, but every fence re-checks the live state).
 */
public final class DesktopConnections implements AutoCloseable {

    private final Map<String, String> environment;
    /** Enough for a host that observes several surfaces before acting; older ones are stale anyway soon. */
    private final ObservationStore<StoredSnapshot> store = new ObservationStore<>(64);
    /**
     * Guards {@link #accessibility}; the X11 and Wayland sides are guarded by {@code this}, so the two sides
     * connect at the same time (a fresh process's capabilities probe opens both).
     */
    private final Object accessibilityLock = new Object();

    private Accessibility accessibility;
    private Display display;
    private WaylandDesktop wayland;

    /** Everything that speaks AT-SPI, over one bus connection. */
    public record Accessibility(
            AtspiBus bus,
            AtspiDesktop desktop,
            SemanticObserver observer,
            SemanticResolver resolver,
            SemanticActions actions) {}

    /** Everything that speaks X11, over one trusted session. */
    public record Display(X11Session session, ShmCapture capture, InputSynthesizer input) {}

    public DesktopConnections(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /** The observations this executor handed out (bundle-internal: the desktop verbs read their backend side). */
    public ObservationStore<StoredSnapshot> observations() {
        return store;
    }

    /** The process environment the executor was started with (DISPLAY, the session bus, the opt-in). */
    public Map<String, String> environment() {
        return environment;
    }

    /**
     * The AT-SPI side.
     *
     * @throws ExecutorException {@code unavailable} when there is no accessibility bus
     */
    public Accessibility accessibility() throws ExecutorException {
        synchronized (accessibilityLock) {
            if (accessibility != null && !accessibility.bus().connected()) {
                accessibility.bus().close();
                accessibility = null;
            }
            if (accessibility == null) {
                AtspiBus bus = AtspiBus.connect(environment.get("DBUS_SESSION_BUS_ADDRESS"));
                AtspiDesktop desktop = new AtspiDesktop(bus);
                accessibility = new Accessibility(
                        bus,
                        desktop,
                        new SemanticObserver(desktop, store),
                        new SemanticResolver(desktop, store),
                        new SemanticActions(bus));
            }
            return accessibility;
        }
    }

    /** Whether the AT-SPI side is connected already (so {@link #accessibility()} answers without connecting). */
    public boolean accessibilityOpen() {
        synchronized (accessibilityLock) {
            return accessibility != null && accessibility.bus().connected();
        }
    }

    /**
     * The X11 side.
     *
     * @throws X11Refusal with the reason X11 is refused (Wayland, untrusted server, no display)
     */
    public synchronized Display display() throws X11Refusal {
        if (display != null) {
            try {
                display.session().withDisplay((x, d, s, r) -> null);
            } catch (X11Refusal broken) {
                closeDisplay();
            }
        }
        if (display == null) {
            X11Session session = X11Session.open(environment);
            try {
                display = new Display(session, new ShmCapture(session), new InputSynthesizer(session));
            } catch (X11Refusal | RuntimeException e) {
                session.close();
                throw e;
            }
        }
        return display;
    }

    /** Whether the session is native Wayland (its socket listens): then X11 is refused and portals serve. */
    public boolean nativeWayland() {
        return WaylandProbe.nativeWayland(environment);
    }

    /**
     * The Wayland side: portal screenshots and RemoteDesktop input, and the compositor's output layout.
     *
     * @throws ExecutorException {@code unavailable} when the session is not native Wayland
     */
    public synchronized WaylandDesktop wayland() throws ExecutorException {
        if (wayland == null) {
            try {
                wayland = WaylandDesktop.connect(environment);
            } catch (PortalException e) {
                throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "the Wayland session is unavailable");
            }
        }
        return wayland;
    }

    /**
     * Where screen captures come from: MIT-SHM on X11, the Screenshot portal on Wayland.
     *
     * @throws ExecutorException {@code unavailable} when neither serves
     */
    public ScreenSource screen() throws ExecutorException {
        if (nativeWayland()) {
            return wayland().screen();
        }
        try {
            return display().capture();
        } catch (X11Refusal refused) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "the screen cannot be captured");
        }
    }

    /**
     * The display layout now, read twice and compared (see {@link X11Session#topology()}; on Wayland the
     * compositor's outputs, {@link WaylandDesktop#layout()}).
     *
     * @throws ExecutorException {@code unavailable} when no layout can be read
     */
    public ScreenLayout topology() throws ExecutorException {
        if (nativeWayland()) {
            return waylandLayout(true);
        }
        return onSession(X11Session::topology);
    }

    /**
     * The display layout now, read once: for the two ends of an operation that must see the same layout
     * (see {@link X11Session#topologySample()}).
     *
     * @throws ExecutorException {@code unavailable} when no layout can be read
     */
    public ScreenLayout topologySample() throws ExecutorException {
        if (nativeWayland()) {
            return waylandLayout(false);
        }
        return onSession(X11Session::topologySample);
    }

    private ScreenLayout waylandLayout(boolean settled) throws ExecutorException {
        WaylandDesktop desktop = wayland();
        try {
            return settled ? desktop.layout() : desktop.layoutSample();
        } catch (PortalException e) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "display geometry is unavailable");
        }
    }

    /** A read through the open session; the session checks its server at every call. */
    private interface SessionRead {
        DisplayTopology read(X11Session session) throws X11Refusal;
    }

    /**
     * Reads through the open session without the separate probe {@link #display()} makes first. When the
     * read is refused, {@link #display()} decides: a session whose server changed or went away is reopened
     * and read once more; a working session's refusal (no topology, a topology changing) stands.
     */
    private synchronized DisplayTopology onSession(SessionRead read) throws ExecutorException {
        try {
            if (display != null) {
                X11Session session = display.session();
                try {
                    return read.read(session);
                } catch (X11Refusal refused) {
                    if (display().session() == session) {
                        throw refused;
                    }
                }
            }
            return read.read(display().session());
        } catch (X11Refusal refused) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "display geometry is unavailable");
        }
    }

    private void closeDisplay() {
        if (display != null) {
            display.capture().close();
            display.session().close();
            display = null;
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closeDisplay();
            if (wayland != null) {
                wayland.close();
                wayland = null;
            }
        }
        synchronized (accessibilityLock) {
            if (accessibility != null) {
                accessibility.bus().close();
                accessibility = null;
            }
        }
    }
}

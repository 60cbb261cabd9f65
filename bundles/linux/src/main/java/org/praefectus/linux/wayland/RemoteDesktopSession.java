package org.praefectus.linux.wayland;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.praefectus.linux.wayland.PortalException.Reason;

/**
 * One approved {@code org.freedesktop.portal.RemoteDesktop} session with the monitor stream absolute pointer
 * motion needs: CreateSession → SelectDevices (keyboard, pointer) → ScreenCast.SelectSources (monitors) →
 * Start. Start shows the person the portal's own question; only a session whose answer granted both keyboard
 * and pointer exists as an object, so a session the person did not approve can have no effect. Portal 1.16's
 * RemoteDesktop (version 1) has no restore token: the approval lasts as long as this session (the executor
 * keeps it open), and the person is asked again after it closes.
 */
public final class RemoteDesktopSession implements AutoCloseable {

    /** Device types of SelectDevices and of Start's {@code devices} answer. */
    static final int KEYBOARD = 1;

    static final int POINTER = 2;
    /** ScreenCast source type: a whole monitor. */
    static final int MONITOR = 1;

    private static final Map<String, Variant<?>> NO_OPTIONS = Map.of();

    /**
     * A shared monitor: its PipeWire node and where it lies on the compositor stage.
     *
     * @param node   the stream's node id, which absolute motion names
     * @param x      left edge on the stage
     * @param y      top edge on the stage
     * @param width  width in stage pixels
     * @param height height in stage pixels
     */
    public record Stream(long node, int x, int y, int width, int height) {

        boolean contains(double px, double py) {
            return px >= x && py >= y && px < (double) x + width && py < (double) y + height;
        }
    }

    private final PortalRequests requests;
    private final Portal.RemoteDesktop portal;
    private final DBusPath session;
    private final List<Stream> streams;
    private volatile boolean open = true;
    private AutoCloseable closedWatch;

    private RemoteDesktopSession(
            PortalRequests requests, Portal.RemoteDesktop portal, DBusPath session, List<Stream> streams) {
        this.requests = requests;
        this.portal = portal;
        this.session = session;
        this.streams = List.copyOf(streams);
    }

    /**
     * Asks the portal for a session and waits for the person's answer until {@code deadlineAtMs}.
     *
     * @throws PortalException denied when the person declined or granted less than keyboard and pointer on a
     *     monitor, unanswered when no answer came in time (the question is withdrawn), unavailable otherwise
     */
    static RemoteDesktopSession start(PortalRequests requests, long deadlineAtMs) throws PortalException {
        Portal.RemoteDesktop portal = requests.portal(Portal.RemoteDesktop.class);
        Portal.ScreenCast screenCast = requests.portal(Portal.ScreenCast.class);
        PortalRequests.Answer created = requests.request(
                Map.of("session_handle_token", new Variant<>(PortalRequests.token("praefectus_session_"))),
                portal::CreateSession,
                deadlineAtMs);
        DBusPath session = new DBusPath(String.valueOf(value(created, "session_handle")));
        boolean started = false;
        try {
            requests.request(
                    Map.of("types", new Variant<>(new UInt32(KEYBOARD | POINTER))),
                    options -> portal.SelectDevices(session, options),
                    deadlineAtMs);
            requests.request(
                    Map.of("types", new Variant<>(new UInt32(MONITOR)), "multiple", new Variant<>(true)),
                    options -> screenCast.SelectSources(session, options),
                    deadlineAtMs);
            PortalRequests.Answer answer =
                    requests.request(NO_OPTIONS, options -> portal.Start(session, "", options), deadlineAtMs);
            int devices = value(answer, "devices") instanceof UInt32 granted ? granted.intValue() : 0;
            if ((devices & (KEYBOARD | POINTER)) != (KEYBOARD | POINTER)) {
                throw new PortalException(Reason.DENIED, "remote interaction was not allowed");
            }
            List<Stream> streams = streams(value(answer, "streams"));
            if (streams.isEmpty()) {
                throw new PortalException(Reason.DENIED, "no monitor was shared");
            }
            RemoteDesktopSession approved = new RemoteDesktopSession(requests, portal, session, streams);
            approved.wakeKeyboard();
            // the person may stop sharing at any time (gnome-shell offers it): no input after that
            approved.closedWatch = requests.onSessionClosed(session.getPath(), () -> approved.open = false);
            started = true;
            return approved;
        } finally {
            if (!started) {
                closeSession(requests, session);
            }
        }
    }

    /**
     * Taps Shift once. Measured under gnome-shell: the first key event of a new session is lost (the
     * compositor creates its virtual keyboard on it), so without this the first typed character vanished. A
     * lone Shift tap types nothing; it is sent right after the person's approval, before any fence or action.
     */
    private void wakeKeyboard() {
        keysym(Keysyms.SHIFT_L, true);
        keysym(Keysyms.SHIFT_L, false);
    }

    /** The shared monitors, as the portal placed them on the stage. */
    public List<Stream> streams() {
        return streams;
    }

    /** Whether the session is still approved: neither closed here nor ended by the portal or the person. */
    public boolean open() {
        return open;
    }

    /** The stream whose monitor holds a stage point, or null when the point is on no shared monitor. */
    public Stream streamAt(double x, double y) {
        for (Stream stream : streams) {
            if (stream.contains(x, y)) {
                return stream;
            }
        }
        return null;
    }

    /** Moves the pointer to a stage point on a shared monitor. */
    void motion(Stream stream, double x, double y) {
        portal.NotifyPointerMotionAbsolute(
                session, NO_OPTIONS, new UInt32(stream.node()), x - stream.x(), y - stream.y());
    }

    /** A button (an evdev code: 0x110 left, 0x111 right, 0x112 middle) pressed or released. */
    void button(int evdevCode, boolean pressed) {
        portal.NotifyPointerButton(session, NO_OPTIONS, evdevCode, new UInt32(pressed ? 1 : 0));
    }

    /** Wheel steps on an axis (0 vertical, 1 horizontal), positive down or right. */
    void axis(int axis, int steps) {
        portal.NotifyPointerAxisDiscrete(session, NO_OPTIONS, new UInt32(axis), steps);
    }

    /** A keysym pressed or released; the compositor picks the key and the level (Shift) for it. */
    void keysym(int keysym, boolean pressed) {
        portal.NotifyKeyboardKeysym(session, NO_OPTIONS, keysym, new UInt32(pressed ? 1 : 0));
    }

    @Override
    public void close() {
        open = false;
        closeSession(requests, session);
        if (closedWatch != null) {
            try {
                closedWatch.close();
            } catch (Exception gone) {
                // the connection is closing anyway
            }
        }
    }

    static void closeSession(PortalRequests requests, DBusPath session) {
        try {
            requests.remote(session.getPath(), Portal.Session.class).Close();
        } catch (PortalException | RuntimeException gone) {
            // the portal already closed it
        }
    }

    static Object value(PortalRequests.Answer answer, String key) {
        Variant<?> variant = answer.results().get(key);
        return variant == null ? null : variant.getValue();
    }

    /** Start's {@code streams}, {@code a(ua{sv})}: each node with its {@code position} and {@code size}. */
    static List<Stream> streams(Object value) {
        List<Stream> streams = new ArrayList<>();
        if (!(value instanceof List<?> list)) {
            return streams;
        }
        for (Object entry : list) {
            Object[] fields = fields(entry);
            if (fields.length != 2 || !(fields[0] instanceof Number node) || !(fields[1] instanceof Map<?, ?> map)) {
                continue;
            }
            int[] position = pair(map.get("position"));
            int[] size = pair(map.get("size"));
            if (position != null && size != null && size[0] > 0 && size[1] > 0) {
                streams.add(new Stream(node.longValue(), position[0], position[1], size[0], size[1]));
            }
        }
        return streams;
    }

    private static int[] pair(Object value) {
        Object inner = value instanceof Variant<?> variant ? variant.getValue() : value;
        if (inner == null) {
            return null;
        }
        Object[] fields = fields(inner);
        if (fields.length == 2 && fields[0] instanceof Number a && fields[1] instanceof Number b) {
            return new int[] {a.intValue(), b.intValue()};
        }
        return null;
    }

    private static Object[] fields(Object struct) {
        if (struct instanceof Object[] array) {
            return array;
        }
        if (struct instanceof Struct typed) {
            return typed.getParameters();
        }
        return new Object[0];
    }
}

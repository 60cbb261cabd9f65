package org.praefectus.linux.x11;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;

/**
 * Requests to the window manager about one client window, as EWMH and ICCCM ask a pager to make them: client
 * messages to the root window that the window manager (not the X server) carries out. Each returns once the
 * request is sent; whether it was honoured is read back from the window manager's own properties.
 */
public final class WindowRequests {

    /** {@code ClientMessage}. */
    private static final int CLIENT_MESSAGE = 33;
    /** {@code SubstructureNotifyMask | SubstructureRedirectMask}: what a window manager listens to on the root. */
    private static final long TO_WINDOW_MANAGER = (1L << 19) | (1L << 20);
    /** EWMH source indication of a pager: the request comes from the user's own tool, not from an application. */
    private static final long SOURCE_PAGER = 2;
    /** ICCCM {@code IconicState}. */
    private static final long ICONIC_STATE = 3;

    private WindowRequests() {}

    /** {@code _NET_ACTIVE_WINDOW}: raise the window and give it the focus (a minimized one is restored). */
    public static void activate(X11Session session, long window) throws X11Refusal {
        send(session, window, "_NET_ACTIVE_WINDOW", SOURCE_PAGER, 0, 0);
    }

    /** ICCCM {@code WM_CHANGE_STATE} to {@code IconicState}: what {@code XIconifyWindow} sends. */
    public static void minimize(X11Session session, long window) throws X11Refusal {
        send(session, window, "WM_CHANGE_STATE", ICONIC_STATE, 0, 0);
    }

    /** {@code _NET_CLOSE_WINDOW}: the window manager asks the application to close it (it may ask to save first). */
    public static void close(X11Session session, long window) throws X11Refusal {
        send(session, window, "_NET_CLOSE_WINDOW", 0, SOURCE_PAGER, 0);
    }

    /** The window the window manager has made active now ({@code _NET_ACTIVE_WINDOW} on the root), or 0. */
    public static long active(X11Session session) throws X11Refusal {
        return session.withDisplay((xlib, display, screen, root) ->
                X11Session.cardinalProperty(xlib, display, root, "_NET_ACTIVE_WINDOW", Xlib.XA_WINDOW));
    }

    private static void send(X11Session session, long window, String type, long first, long second, long third)
            throws X11Refusal {
        session.withDisplay((xlib, display, screen, root) -> {
            NativeLong atom = xlib.XInternAtom(display, type, 0);
            // XClientMessageEvent on LP64: type, serial, send_event, display, window, message_type, format, data.l[5]
            Memory event = new Memory(Xlib.XEVENT_SIZE);
            event.clear();
            event.setInt(0, CLIENT_MESSAGE);
            event.setInt(16, 1);
            event.setPointer(24, display);
            event.setNativeLong(32, new NativeLong(window));
            event.setNativeLong(40, atom);
            event.setInt(48, 32);
            event.setNativeLong(56, new NativeLong(first));
            event.setNativeLong(64, new NativeLong(second));
            event.setNativeLong(72, new NativeLong(third));
            int sent = xlib.XSendEvent(display, root, 0, new NativeLong(TO_WINDOW_MANAGER), event);
            xlib.XSync(display, 0);
            if (sent == 0) {
                throw new X11Refusal("the X server did not take the request to the window manager");
            }
            return null;
        });
    }
}

package org.praefectus.linux.x11;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The window manager's client list (EWMH): {@code _NET_CLIENT_LIST} with each window's {@code _NET_WM_NAME},
 * {@code WM_CLASS}, {@code _NET_WM_PID}, {@code _NET_WM_STATE} and geometry, and {@code _NET_ACTIVE_WINDOW}.
 * Lists windows that have no accessibility (xmessage, xterm) as well; read in one display call.
 */
public final class EwmhWindows {

    /** At most this many windows are read (a client list longer than that is cut). */
    static final int MAX_WINDOWS = 512;
    /** Titles and classes are cut at this many bytes. */
    static final int MAX_TEXT_BYTES = 1_024;

    private EwmhWindows() {}

    /**
     * The client windows, in the window manager's order (oldest first).
     *
     * @throws X11Refusal when the display is unusable or there is no EWMH window manager
     */
    public static List<ClientWindow> list(X11Session session) throws X11Refusal {
        return session.withDisplay((xlib, display, screen, root) -> {
            long[] clients = X11Session.cardinals(xlib, display, root, "_NET_CLIENT_LIST", Xlib.XA_WINDOW, MAX_WINDOWS);
            if (clients == null) {
                throw new X11Refusal("the window manager publishes no client list");
            }
            long active = X11Session.cardinalProperty(xlib, display, root, "_NET_ACTIVE_WINDOW", Xlib.XA_WINDOW);
            NativeLong utf8 = xlib.XInternAtom(display, "UTF8_STRING", 0);
            List<ClientWindow> windows = new ArrayList<>();
            for (long id : clients) {
                NativeLong window = new NativeLong(id);
                int[] geometry = X11Session.rectangle(xlib, display, root, window);
                if (geometry == null) {
                    continue; // closed while listed
                }
                String title = text(xlib, display, window, "_NET_WM_NAME", utf8.longValue());
                if (title.isEmpty()) {
                    title = text(xlib, display, window, "WM_NAME", Xlib.XA_STRING);
                }
                String[] wmClass =
                        text(xlib, display, window, "WM_CLASS", Xlib.XA_STRING).split("\0", -1);
                windows.add(new ClientWindow(
                        id,
                        title,
                        wmClass.length > 0 ? wmClass[0] : "",
                        wmClass.length > 1 ? wmClass[1] : "",
                        X11Session.cardinalProperty(xlib, display, window, "_NET_WM_PID", Xlib.XA_CARDINAL),
                        geometry[0],
                        geometry[1],
                        geometry[2],
                        geometry[3],
                        id == active,
                        state(xlib, display, window)));
            }
            return windows;
        });
    }

    private static String state(Xlib xlib, Pointer display, NativeLong window) {
        long[] atoms = X11Session.cardinals(xlib, display, window, "_NET_WM_STATE", Xlib.XA_ATOM, 32);
        if (atoms == null) {
            return "normal";
        }
        boolean vertical = false;
        boolean horizontal = false;
        for (long atom : atoms) {
            switch (atomName(xlib, display, atom)) {
                case "_NET_WM_STATE_HIDDEN" -> {
                    return "minimized";
                }
                case "_NET_WM_STATE_FULLSCREEN" -> {
                    return "fullscreen";
                }
                case "_NET_WM_STATE_MAXIMIZED_VERT" -> vertical = true;
                case "_NET_WM_STATE_MAXIMIZED_HORZ" -> horizontal = true;
                default -> {
                    // other states (above, sticky, skip taskbar) do not change what the window is
                }
            }
        }
        return vertical && horizontal ? "maximized" : "normal";
    }

    private static String atomName(Xlib xlib, Pointer display, long atom) {
        Pointer name = xlib.XGetAtomName(display, new NativeLong(atom));
        if (name == null) {
            return "";
        }
        try {
            return name.getString(0, StandardCharsets.US_ASCII.name());
        } finally {
            xlib.XFree(name);
        }
    }

    /** A format-8 text property (UTF-8 or Latin-1 by type), or empty. */
    private static String text(Xlib xlib, Pointer display, NativeLong window, String name, long type) {
        NativeLong atom = xlib.XInternAtom(display, name, 1);
        if (atom.longValue() == 0) {
            return "";
        }
        NativeLongByReference actualType = new NativeLongByReference();
        IntByReference format = new IntByReference();
        NativeLongByReference items = new NativeLongByReference();
        PointerByReference value = new PointerByReference();
        int status = xlib.XGetWindowProperty(
                display,
                window,
                atom,
                new NativeLong(0),
                new NativeLong(MAX_TEXT_BYTES / 4),
                0,
                new NativeLong(type),
                actualType,
                format,
                items,
                new NativeLongByReference(),
                value);
        try {
            if (status != 0
                    || value.getValue() == null
                    || format.getValue() != 8
                    || actualType.getValue().longValue() != type) {
                return "";
            }
            byte[] bytes = value.getValue().getByteArray(0, (int)
                    Math.min(MAX_TEXT_BYTES, items.getValue().longValue()));
            String decoded =
                    new String(bytes, type == Xlib.XA_STRING ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
            // WM_CLASS keeps its separator; everything else ends at the first NUL
            return name.equals("WM_CLASS") ? stripTrailingNul(decoded) : decoded.split("\0", 2)[0];
        } finally {
            if (value.getValue() != null) {
                xlib.XFree(value.getValue());
            }
        }
    }

    private static String stripTrailingNul(String value) {
        return value.endsWith("\0") ? value.substring(0, value.length() - 1) : value;
    }
}

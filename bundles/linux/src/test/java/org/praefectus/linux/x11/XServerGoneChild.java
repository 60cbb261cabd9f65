package org.praefectus.linux.x11;

import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * The child JVM of {@link XServerGoneTest}: opens a session on the test desktop, loses its connection in the
 * middle of a call (the socket shut down under Xlib, as when the server goes away with the connection open),
 * reports what the call said, then opens a fresh session. Exit status 0 means the process outlived the loss.
 */
public final class XServerGoneChild {

    /** libc's {@code shutdown(2)}. */
    interface Sockets extends Library {
        int SHUT_RDWR = 2;

        int shutdown(int socket, int how);
    }

    private XServerGoneChild() {}

    public static void main(String[] arguments) throws Exception {
        Sockets sockets = Native.load("c", Sockets.class);
        try (X11Session session = X11Session.open(System.getenv())) {
            try {
                session.withDisplay((xlib, display, screen, root) -> {
                    sockets.shutdown(xlib.XConnectionNumber(display), Sockets.SHUT_RDWR);
                    return xlib.XSync(display, 0);
                });
                System.out.println("answered");
            } catch (X11Refusal refused) {
                System.out.println("refused: " + refused.getMessage());
            }
            try {
                session.topology();
                System.out.println("answered again");
            } catch (X11Refusal refused) {
                System.out.println("refused again: " + refused.getMessage());
            }
        }
        try (X11Session fresh = X11Session.open(System.getenv())) {
            System.out.println("reopened: " + fresh.topology().width());
        }
    }
}

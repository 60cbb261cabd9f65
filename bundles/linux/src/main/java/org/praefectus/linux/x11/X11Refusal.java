package org.praefectus.linux.x11;

/**
 * Why the X11 paths (input, capture, coordinates, sentinels) are refused: no display, a Wayland session,
 * an untrusted server, a missing extension. The message is a fixed text safe to show to a caller.
 */
public final class X11Refusal extends Exception {

    private static final long serialVersionUID = 1L;

    public X11Refusal(String reason) {
        super(reason, null, false, false);
    }
}

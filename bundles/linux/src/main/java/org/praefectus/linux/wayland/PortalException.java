package org.praefectus.linux.wayland;

/**
 * A portal request that did not give what was asked. The message is a fixed text, safe for receipts (never
 * a path, a token or an image).
 */
public final class PortalException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Why the portal gave nothing. */
    public enum Reason {
        /** The person declined, or approved less than was asked (no keyboard, no pointer). */
        DENIED,
        /** No answer before the caller's deadline: the request was closed unanswered. */
        UNANSWERED,
        /** No portal, no backend for the interface, or a broken answer. */
        UNAVAILABLE
    }

    private final Reason reason;

    public PortalException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}

package org.praefectus.cdp;

/**
 * A DevTools command that did not return a result. {@link #sent()} says whether the command may have reached the
 * browser: an effect command that failed after sending has an unknown outcome.
 */
final class ChannelException extends Exception {

    private static final long serialVersionUID = 1L;

    private final boolean sent;

    ChannelException(boolean sent, String message) {
        super(message, null, false, false);
        this.sent = sent;
    }

    /** Whether the command may have reached the browser. */
    boolean sent() {
        return sent;
    }
}

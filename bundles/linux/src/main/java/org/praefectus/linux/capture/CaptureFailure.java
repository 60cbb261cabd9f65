package org.praefectus.linux.capture;

/** A capture that could not be made; the message is a fixed text safe to show (never pixels or paths). */
public final class CaptureFailure extends Exception {

    private static final long serialVersionUID = 1L;

    public CaptureFailure(String message) {
        super(message, null, false, false);
    }
}

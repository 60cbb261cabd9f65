package org.praefectus.api.capture;

/** A capture that could not be made; the message is a fixed text safe to show (never pixels or paths). */
public final class CaptureException extends Exception {

    private static final long serialVersionUID = 1L;

    public CaptureException(String message) {
        super(message, null, false, false);
    }
}

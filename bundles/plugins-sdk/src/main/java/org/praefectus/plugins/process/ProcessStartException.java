package org.praefectus.plugins.process;

/** The operating system could not start the program (not found, not executable, bad directory). */
public final class ProcessStartException extends Exception {

    private static final long serialVersionUID = 1L;

    public ProcessStartException(String message, Throwable cause) {
        super(message, cause);
    }
}

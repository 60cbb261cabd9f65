package org.praefectus.demos;

/** A demo that cannot go on: the message is a fixed text that names no typed value, title or secret. */
public final class DemoRefusal extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message a fixed text, shown to the user as the {@code demo_error} message */
    public DemoRefusal(String message) {
        super(message, null, false, false);
    }
}

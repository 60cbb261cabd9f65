package org.praefectus.bridge.config;

/** The configuration cannot be used; the message says which field and why, never a secret value. */
public final class InvalidConfigException extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidConfigException(String message) {
        super(message);
    }

    public InvalidConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}

package org.praefectus.logging;

/** A log setting (level, file size, file count) that is not one of the values it takes; the message names it. */
public final class InvalidLogSettingException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message names the setting and what it takes, never the rejected value */
    public InvalidLogSettingException(String message) {
        super(message);
    }
}

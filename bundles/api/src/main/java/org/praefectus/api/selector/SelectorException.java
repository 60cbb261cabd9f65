package org.praefectus.api.selector;

/**
 * A selector that cannot be parsed. The message names the key and what was wrong, never the selector's
 * value (selectors are never logged).
 */
public final class SelectorException extends Exception {

    private static final long serialVersionUID = 1L;

    /** The envelope code of every selector error. */
    public static final String CODE = "invalid_selector";

    public SelectorException(String message) {
        super(message, null, false, false);
    }

    /** {@value #CODE}. */
    public String code() {
        return CODE;
    }
}

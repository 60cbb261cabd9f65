package org.praefectus.linux.desktop;

/**
 * An input verb that cannot go ahead, before anything was signed or dispatched: a typed code for the
 * envelope and a fixed message (never the text, keys or selector).
 */
public final class InputRefusal extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;

    public InputRefusal(String code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public String code() {
        return code;
    }
}

package org.praefectus.api.desktop;

/**
 * A desktop verb that ends without a result: a snake_case code for every surface's error, a fixed message that
 * never carries typed text, keys, selectors or backend detail, and what was found before it failed, if anything
 * (an input verb's outcome when its terminal is not {@code succeeded}).
 */
public final class DesktopException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;
    private final transient Object details;

    public DesktopException(String code, String message) {
        this(code, message, null);
    }

    /** @param details what the verb found before it failed, serialized as the error's {@code details}, or {@code null} */
    public DesktopException(String code, String message, Object details) {
        super(message, null, false, false);
        if (code == null || !code.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("error codes are snake_case");
        }
        this.code = code;
        this.details = details;
    }

    public String code() {
        return code;
    }

    /** What the verb found before it failed, or {@code null}. */
    public Object details() {
        return details;
    }

    /** Whether the request itself is wrong (a surface's usage error, gRPC's INVALID_ARGUMENT). */
    public boolean invalidRequest() {
        return code.equals("usage") || code.equals("invalid_selector") || code.equals("invalid_request");
    }
}

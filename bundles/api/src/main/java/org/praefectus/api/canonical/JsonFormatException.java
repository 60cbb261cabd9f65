package org.praefectus.api.canonical;

import static java.util.Objects.requireNonNull;

/**
 * Input that is not strict JSON. The {@code code} is stable snake_case, for example
 * {@code duplicate_key}; the message never repeats input text, which may be secret.
 */
public final class JsonFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;

    /**
     * @param code    stable snake_case error code
     * @param message what is wrong, without echoing input content
     */
    public JsonFormatException(String code, String message) {
        super(requireNonNull(message, "message"));
        this.code = requireNonNull(code, "code");
    }

    /** The stable snake_case error code. */
    public String code() {
        return code;
    }
}

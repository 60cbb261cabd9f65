package org.praefectus.api.protocol;

import static java.util.Objects.requireNonNull;

/**
 * Thrown by a constructor when its arguments would form an invalid value. It is an
 * {@link IllegalArgumentException} so Java callers see the usual contract; the JSON codec turns it into a
 * {@link ProtocolException} with the same {@link #code()}.
 */
public final class ProtocolViolation extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final ProtocolErrorCode code;

    /**
     * @param code    the error code a parser reports for this violation
     * @param message what is wrong, without input content
     */
    public ProtocolViolation(ProtocolErrorCode code, String message) {
        super(requireNonNull(message, "message"));
        this.code = requireNonNull(code, "code");
    }

    /** The error code a parser reports for this violation. */
    public ProtocolErrorCode code() {
        return code;
    }
}

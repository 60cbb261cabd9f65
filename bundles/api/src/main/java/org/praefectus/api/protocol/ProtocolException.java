package org.praefectus.api.protocol;

import static java.util.Objects.requireNonNull;

/** Protocol input that was refused; checked, so no caller can forget that parsing can fail. */
public final class ProtocolException extends Exception {

    private static final long serialVersionUID = 1L;

    private final ProtocolErrorCode code;

    /**
     * @param code    why the input was refused
     * @param message what is wrong, without input content
     */
    public ProtocolException(ProtocolErrorCode code, String message) {
        super(requireNonNull(message, "message"));
        this.code = requireNonNull(code, "code");
    }

    /** Why the input was refused. */
    public ProtocolErrorCode code() {
        return code;
    }

    /** The refusal as an envelope value. */
    public ProtocolError error() {
        return new ProtocolError(code.code(), getMessage());
    }
}

package org.praefectus.api.resident;

import static java.util.Objects.requireNonNull;

/**
 * The resident host declined to sign: a gate is closed, the profile does not permit the action, or the
 * proposal is not one it will sign. Nothing was claimed or dispatched.
 */
public final class HostRefusedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;

    /**
     * @param code    a stable snake_case code for the envelope, e.g. {@code input_not_allowed}
     * @param message what was refused and how to open the gate; never the proposal's text or values
     */
    public HostRefusedException(String code, String message) {
        super(message);
        this.code = requireNonNull(code, "code");
    }

    /** The stable snake_case code. */
    public String code() {
        return code;
    }
}

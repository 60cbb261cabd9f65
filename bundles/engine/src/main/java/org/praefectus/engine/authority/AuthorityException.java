package org.praefectus.engine.authority;

import java.util.Objects;

/**
 * Authority material was refused, for the reason in {@link #error()}.
 *
 * <p>Checked on purpose: every caller that handles grants must decide what a refusal means for the
 * operation. The message never repeats the refused input, because issuers, key ids and signatures
 * arrive from requests and must not be copied into logs.
 */
public final class AuthorityException extends Exception {
    private static final long serialVersionUID = 1L;

    private final AuthorityError error;

    public AuthorityException(AuthorityError error) {
        // no stack trace: a refusal is an expected outcome of hostile or stale input, not a fault
        super(Objects.requireNonNull(error, "error").code(), null, false, false);
        this.error = error;
    }

    /** The typed reason. */
    public AuthorityError error() {
        return error;
    }

    /** Shorthand for {@code error().code()}. */
    public String code() {
        return error.code();
    }
}

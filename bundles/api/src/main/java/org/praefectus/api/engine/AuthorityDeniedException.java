package org.praefectus.api.engine;

import static java.util.Objects.requireNonNull;

/**
 * The grant does not authorize this request. The message is a fixed text that names the failed rule, never
 * key material or request content; the engine reports only {@link EngineError#AUTHORITY_DENIED}.
 */
public final class AuthorityDeniedException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message which rule failed, as a fixed text */
    public AuthorityDeniedException(String message) {
        super(requireNonNull(message, "message"), null, false, false);
    }
}

package org.praefectus.api.engine;

import java.util.Locale;

/**
 * Why the engine refused a request without a terminal: the reference's {@code ProtocolError} variants.
 * Everything after a durable claim ends in a terminal instead.
 */
public enum EngineError {
    /** Malformed, wrong version, unknown field or kind, unfenced target, bad parameters. */
    INVALID_REQUEST,
    /** The operation ID was claimed for a different action hash. */
    CONFLICT,
    /** The signature, key, policy generation or a bound grant field does not match. */
    AUTHORITY_DENIED,
    /** The ledger could not be read, locked, repaired or written durably. */
    LEDGER_UNAVAILABLE,
    /** No executor service is bound, or it cannot report capabilities. */
    EXECUTOR_UNAVAILABLE,
    /**
     * This Engine object belongs to a stopped engine (its bundle stopped or was updated); obtain the
     * {@link Engine} service again. Nothing was claimed.
     */
    ENGINE_DEACTIVATED;

    /** The stable snake_case code. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}

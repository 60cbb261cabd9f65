package org.praefectus.api.executor;

import java.util.Locale;

/** Why an observation, resolution or context sample did not produce a value. */
public enum ExecutorFailure {
    /** The target or request cannot be served as given; nothing happened. */
    INVALID_REQUEST,
    /** The live target no longer matches its observation (process, window, fingerprint, generation…). */
    STALE_TARGET,
    /** The target no longer exists. */
    TARGET_NOT_FOUND,
    /** The cancellation token was cancelled at a boundary. */
    CANCELLED,
    /** The deadline passed at a boundary. */
    EXPIRED,
    /** The backend is unavailable or failed; the message is a fixed text without backend detail. */
    UNAVAILABLE;

    /** The stable snake_case code. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}

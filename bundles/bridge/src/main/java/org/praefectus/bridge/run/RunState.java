package org.praefectus.bridge.run;

import java.util.Locale;

/**
 * The internal run state machine: accepted → validating → queued → starting → running → collecting →
 * normalizing → completed, with rejected (validation), cancelling → cancelled, failed_transient and
 * failed_permanent.
 */
public enum RunState {
    ACCEPTED,
    VALIDATING,
    QUEUED,
    STARTING,
    RUNNING,
    COLLECTING,
    NORMALIZING,
    COMPLETED,
    REJECTED,
    CANCELLING,
    CANCELLED,
    FAILED_TRANSIENT,
    FAILED_PERMANENT;

    public boolean terminal() {
        return this == COMPLETED
                || this == REJECTED
                || this == CANCELLED
                || this == FAILED_TRANSIENT
                || this == FAILED_PERMANENT;
    }

    /** A process may exist (or is about to): after a bridge restart such a run is failed honestly. */
    public boolean active() {
        return this == STARTING || this == RUNNING || this == COLLECTING || this == NORMALIZING || this == CANCELLING;
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RunState fromWire(String wire) {
        return valueOf(wire.toUpperCase(Locale.ROOT));
    }
}

package org.praefectus.bridge.adapter;

import java.util.Locale;

/** The statuses Praetor reads, exactly as the contract names them. */
public enum NormalizedStatus {
    COMPLETED(false),
    PAUSED_BUDGET(true),
    PAUSED_DECISION(true),
    PAUSED_RISK(true),
    AUTH_REQUIRED(true),
    INTERACTIVE_APPROVAL_REQUIRED(true),
    CANCELLED(false),
    FAILED_TRANSIENT(false),
    FAILED_PERMANENT(true);

    private final boolean requiresOwnerAction;

    NormalizedStatus(boolean requiresOwnerAction) {
        this.requiresOwnerAction = requiresOwnerAction;
    }

    /** True when the owner must act before the mission can continue (Praetor's checkpoint states). */
    public boolean requiresOwnerAction() {
        return requiresOwnerAction;
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static NormalizedStatus fromWire(String wire) {
        return valueOf(wire.toUpperCase(Locale.ROOT));
    }
}

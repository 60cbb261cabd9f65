package org.praefectus.api.protocol;

/** What a receipt can prove about the effect. */
public enum Effect {
    /** The requested verification proved the effect. */
    VERIFIED,
    /** Dispatched; nothing proves the effect. */
    EXECUTED_UNVERIFIED,
    /** Whether an effect happened is unknown; never retry automatically. */
    UNKNOWN
}

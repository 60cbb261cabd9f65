package org.praefectus.api.executor;

/** What an executor knows about the effect of a dispatch that did not complete. */
public enum EffectKnowledge {
    /** Nothing was dispatched: the action is refused with no effect. */
    NO_EFFECT,
    /** Something may have been dispatched: the outcome is unknown and must never be retried blindly. */
    UNKNOWN,
    /** Cancellation was observed before the first effect. */
    CANCELLED_BEFORE_EFFECT,
    /** The deadline passed before the first effect. */
    EXPIRED_BEFORE_EFFECT
}

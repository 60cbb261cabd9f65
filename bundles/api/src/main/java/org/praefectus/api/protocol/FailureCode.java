package org.praefectus.api.protocol;

/** Why a terminal was rejected or failed. */
public enum FailureCode {
    /** The request is malformed or unsupported for its target. */
    INVALID_REQUEST,
    /** The operation ID was used with another action hash. */
    CONFLICT,
    /** The target no longer matches its observation. */
    STALE_TARGET,
    /** The target is gone. */
    TARGET_NOT_FOUND,
    /** The platform refused a permission. */
    PERMISSION_DENIED,
    /** The executor cannot perform the action on this route. */
    UNSUPPORTED,
    /** Dispatch failed. */
    DISPATCH_FAILED,
    /** The requested verification failed. */
    VERIFICATION_FAILED
}

package org.praefectus.api.protocol;

/** What the foreground, focus and pointer sentinels observed around a background action. */
public enum ContextPreservation {
    /** The action was interactive. */
    NOT_APPLICABLE,
    /** The samples before and after dispatch matched; this is not a claim of continuous noninterference. */
    UNCHANGED_AT_BOUNDARIES,
    /** The samples differed. */
    CHANGED,
    /** A sample could not be taken. */
    UNAVAILABLE,
    /** The host owns the session exclusively. */
    HOST_ISOLATED
}

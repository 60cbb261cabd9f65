package org.praefectus.api.protocol;

/** The risk of an action, bound into the authority grant as {@code risk}. */
public enum SafetyClass {
    /** The effect can be undone locally. */
    REVERSIBLE,
    /** The effect leaves the machine or reaches other people. */
    EXTERNAL,
    /** The effect destroys state. */
    DESTRUCTIVE
}

package org.praefectus.api.protocol;

/** What a {@code window} action does, the reference's fixed set. */
public enum WindowOperation {
    /** Raise and focus the window. */
    FOCUS,
    /** Close the window; needs a title. */
    CLOSE,
    /** Minimize the window; needs a title. */
    MINIMIZE
}

package org.praefectus.api.protocol;

/** A pointer button. */
public enum MouseButton {
    /** Primary button. */
    LEFT,
    /** Secondary button. */
    RIGHT,
    /** Middle button. */
    MIDDLE
}

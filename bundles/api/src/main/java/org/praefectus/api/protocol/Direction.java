package org.praefectus.api.protocol;

/** A scroll direction. */
public enum Direction {
    /** Up. */
    UP,
    /** Down. */
    DOWN,
    /** Left. */
    LEFT,
    /** Right. */
    RIGHT
}

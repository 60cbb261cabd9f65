package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a sequence of frames behaves. */
public enum UiStateKind {
    /** The trailing transitions are stable: the screen has settled. */
    STABLE("stable"),
    /** Not settled, and at least one transition changed as much as a loading screen does. */
    LOADING("loading"),
    /** Not settled, with only small changes. */
    CHANGING("changing");

    private final String wireName;

    UiStateKind(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }
}

package org.praefectus.api.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How an action's effect reaches its target. */
public enum DeliveryRoute {
    /** Addressed to one accessibility or DOM element; no pointer or keyboard focus is needed. */
    @JsonProperty("target_addressed")
    TARGET_ADDRESSED,
    /**
     * Synthesized input delivered to the fenced element's own process (macOS {@code CGEventPostToPid}): it
     * moves no pointer and changes no foreground, yet the process still receives synthetic input, so it is no
     * noninterference claim.
     */
    @JsonProperty("per_process_event")
    PER_PROCESS_EVENT,
    /** Synthesized global pointer or keyboard input. */
    @JsonProperty("pointer")
    POINTER,
    /** The route cannot be stated. */
    @JsonProperty("unknown")
    UNKNOWN
}

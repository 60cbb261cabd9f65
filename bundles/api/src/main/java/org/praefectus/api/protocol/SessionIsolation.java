package org.praefectus.api.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Whether the executor's session is shared with a person or owned by the host alone. It belongs to the
 * executor configuration that the host constructs; a model can never assert it.
 */
public enum SessionIsolation {
    /** A desktop or browser that a person may be using at the same time. */
    @JsonProperty("shared_desktop")
    SHARED_DESKTOP,
    /** A desktop, browser profile, container or VM the host owns exclusively. */
    @JsonProperty("host_isolated")
    HOST_ISOLATED,
    /** Nothing is known about the session. */
    @JsonProperty("unknown")
    UNKNOWN
}

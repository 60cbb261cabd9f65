package org.praefectus.api.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Whether an action may run while the person keeps using the shared session. */
public enum BackgroundSupport {
    /** Allowed under the foreground, focus and pointer sentinel guard. */
    @JsonProperty("guarded")
    GUARDED,
    /** Allowed only in a host-isolated session. */
    @JsonProperty("host_isolated_only")
    HOST_ISOLATED_ONLY,
    /** Never runs in the background. */
    @JsonProperty("unavailable")
    UNAVAILABLE
}

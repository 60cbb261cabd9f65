package org.praefectus.api.protocol;

/** How an action may interact with the person's session; required and bound by the authority. */
public enum InteractionMode {
    /** The executor's advertised route may be used. */
    INTERACTIVE,
    /** Refused unless the runtime capability satisfies the host-selected session isolation. */
    BACKGROUND_ONLY,
    /** Only in recovered receipts, where the claim did not record it; never accepted in a request. */
    UNKNOWN
}

package org.praefectus.api.protocol;

/** Constants of protocol v2, with the reference's exact values. */
public final class Protocol {

    /** The only protocol, action, target and verification version accepted in a request. */
    public static final int PROTOCOL_VERSION = 2;

    /**
     * The statement a host shows the model when an outcome was lost: a durable claim without a terminal
     * receipt, or a ledger grant without a recorded outcome.
     */
    public static final String INTERRUPTED_OUTCOME_MESSAGE =
            "the outcome of this operation was not recorded; verify the actual state before redoing anything "
                    + "with side effects";

    /** Placeholder that {@code toString} prints instead of secrets. */
    public static final String REDACTED = "[redacted]";

    private Protocol() {}
}

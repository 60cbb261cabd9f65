package org.praefectus.engine.ledger;

import org.praefectus.api.protocol.ActionAck;

/** What claiming an operation found. */
public sealed interface ClaimResult {

    /** The claim was written and fsynced: the operation may proceed. */
    record New() implements ClaimResult {}

    /**
     * The operation already ended with this hash: return its terminal.
     *
     * @param acknowledgement the stored terminal acknowledgement
     */
    record Replay(ActionAck acknowledgement) implements ClaimResult {}

    /**
     * A durable claim without a terminal: the previous attempt was interrupted and must become {@code
     * outcome_unknown}, never be dispatched again.
     *
     * @param claim the claim found
     */
    record Interrupted(LedgerRecord.Claim claim) implements ClaimResult {}
}

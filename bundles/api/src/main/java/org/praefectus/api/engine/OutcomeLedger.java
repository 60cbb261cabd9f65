package org.praefectus.api.engine;

import org.osgi.annotation.versioning.ConsumerType;
import org.praefectus.api.protocol.Terminal;

/**
 * Host-owned durability consulted before every dispatch, beside the engine's own operation ledger. The
 * host owns its storage; the engine never does.
 */
@ConsumerType
public interface OutcomeLedger {

    /**
     * Atomically decides whether the operation may dispatch, and if so remembers that it was granted.
     *
     * @param key operation ID and action hash
     * @return dispatch, the recorded terminal, or interrupted (granted earlier, never recorded)
     * @throws OutcomeLedgerException storage failure; the engine does not dispatch
     */
    OutcomeDecision begin(OutcomeKey key) throws OutcomeLedgerException;

    /**
     * Records the terminal of an operation that {@link #begin} granted.
     *
     * @param key      operation ID and action hash
     * @param terminal how it ended
     * @throws OutcomeLedgerException storage failure
     */
    void record(OutcomeKey key, Terminal terminal) throws OutcomeLedgerException;
}

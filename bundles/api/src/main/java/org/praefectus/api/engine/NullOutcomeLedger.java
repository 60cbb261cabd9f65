package org.praefectus.api.engine;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.protocol.Terminal;

/** Records nothing and always grants dispatch: the engine's operation ledger is then the only durability. */
public final class NullOutcomeLedger implements OutcomeLedger {

    /** The only instance. */
    public static final NullOutcomeLedger INSTANCE = new NullOutcomeLedger();

    private NullOutcomeLedger() {}

    @Override
    public OutcomeDecision begin(OutcomeKey key) {
        requireNonNull(key, "key");
        return new OutcomeDecision.Dispatch();
    }

    @Override
    public void record(OutcomeKey key, Terminal terminal) {
        requireNonNull(key, "key");
        requireNonNull(terminal, "terminal");
    }
}

package org.praefectus.api.engine;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.protocol.Terminal;

/** What a host {@link OutcomeLedger} says about an operation the engine is about to dispatch. */
public sealed interface OutcomeDecision {

    /** Never granted before: dispatch, then record the terminal. */
    record Dispatch() implements OutcomeDecision {}

    /**
     * Already finished: return this terminal without dispatching.
     *
     * @param terminal the recorded terminal
     */
    record Recorded(Terminal terminal) implements OutcomeDecision {
        public Recorded {
            requireNonNull(terminal, "terminal");
        }
    }

    /** Granted earlier and never recorded: {@code outcome_unknown} without dispatch. */
    record Interrupted() implements OutcomeDecision {}
}

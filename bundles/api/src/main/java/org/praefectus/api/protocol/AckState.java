package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/** The state an acknowledgement reports; JSON tagged by {@code kind}. */
public sealed interface AckState {

    /** The wire {@code kind}. */
    String kind();

    /** Claimed durably, not yet dispatching (sequence 0). */
    record Accepted() implements AckState {
        @Override
        public String kind() {
            return "accepted";
        }
    }

    /** Dispatching (sequence 1). */
    record Executing() implements AckState {
        @Override
        public String kind() {
            return "executing";
        }
    }

    /**
     * Ended (wire kind {@code terminal}); named {@code Finished} so it does not hide {@link Terminal}.
     *
     * @param terminal how it ended
     */
    record Finished(Terminal terminal) implements AckState {
        public Finished {
            present(terminal, "terminal");
        }

        @Override
        public String kind() {
            return "terminal";
        }
    }
}

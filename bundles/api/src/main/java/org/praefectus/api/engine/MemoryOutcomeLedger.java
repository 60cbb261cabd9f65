package org.praefectus.api.engine;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.protocol.Terminal;

/** A process-local reference ledger for tests and single-process hosts. Thread-safe. */
public final class MemoryOutcomeLedger implements OutcomeLedger {

    // a granted key maps to empty until its terminal is recorded
    private final Map<OutcomeKey, Optional<Terminal>> entries = new HashMap<>();

    @Override
    public synchronized OutcomeDecision begin(OutcomeKey key) {
        requireNonNull(key, "key");
        Optional<Terminal> entry = entries.get(key);
        if (entry == null) {
            entries.put(key, Optional.empty());
            return new OutcomeDecision.Dispatch();
        }
        return entry.<OutcomeDecision>map(OutcomeDecision.Recorded::new).orElseGet(OutcomeDecision.Interrupted::new);
    }

    @Override
    public synchronized void record(OutcomeKey key, Terminal terminal) {
        requireNonNull(key, "key");
        requireNonNull(terminal, "terminal");
        entries.put(key, Optional.of(terminal));
    }

    /** The recorded terminal, if any. */
    public synchronized Optional<Terminal> recorded(OutcomeKey key) {
        return entries.getOrDefault(key, Optional.empty());
    }
}

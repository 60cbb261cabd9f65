package org.praefectus.api.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Terminal;

class MemoryOutcomeLedgerTest {

    private static final OutcomeKey KEY = new OutcomeKey("op-1", "a".repeat(64));

    @Test
    void grantsOnceThenReportsInterruptedUntilRecorded() {
        MemoryOutcomeLedger ledger = new MemoryOutcomeLedger();
        assertInstanceOf(OutcomeDecision.Dispatch.class, ledger.begin(KEY));
        assertInstanceOf(OutcomeDecision.Interrupted.class, ledger.begin(KEY));
        ledger.record(KEY, new Terminal.CancelledBeforeEffect());
        OutcomeDecision.Recorded recorded = assertInstanceOf(OutcomeDecision.Recorded.class, ledger.begin(KEY));
        assertEquals(new Terminal.CancelledBeforeEffect(), recorded.terminal());
    }

    @Test
    void keyIncludesTheActionHash() {
        MemoryOutcomeLedger ledger = new MemoryOutcomeLedger();
        ledger.begin(KEY);
        assertInstanceOf(OutcomeDecision.Dispatch.class, ledger.begin(new OutcomeKey("op-1", "b".repeat(64))));
    }

    @Test
    void nullLedgerAlwaysDispatches() {
        NullOutcomeLedger.INSTANCE.record(KEY, new Terminal.ExpiredBeforeEffect());
        assertInstanceOf(OutcomeDecision.Dispatch.class, NullOutcomeLedger.INSTANCE.begin(KEY));
        assertInstanceOf(OutcomeDecision.Dispatch.class, NullOutcomeLedger.INSTANCE.begin(KEY));
    }
}

package org.praefectus.api.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SettleTest {

    @Test
    void aCheckThatComesToHoldIsReadUntilItDoes() {
        AtomicInteger reads = new AtomicInteger();
        assertTrue(Settle.until(() -> reads.incrementAndGet() == 3, 1, Long.MAX_VALUE, new CancellationToken()));
        assertEquals(3, reads.get());
    }

    @Test
    void aCheckThatNeverHoldsEndsAtTheBoundOrTheCancellation() {
        AtomicInteger reads = new AtomicInteger();
        assertFalse(Settle.until(() -> reads.incrementAndGet() < 0, 1, 0, new CancellationToken()));
        assertEquals(1, reads.get(), "read once, then the bound had passed");
        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        assertFalse(Settle.until(() -> false, 1, Long.MAX_VALUE, cancelled));
    }

    @Test
    void aFailingReadIsTheCallersToHandle() {
        assertThrows(
                IOException.class,
                () -> Settle.until(
                        () -> {
                            throw new IOException("display gone");
                        },
                        1,
                        Long.MAX_VALUE,
                        new CancellationToken()));
    }
}

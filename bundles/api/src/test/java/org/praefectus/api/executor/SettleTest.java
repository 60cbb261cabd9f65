package org.praefectus.api.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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

    @Test
    void eachWayAWaitEndsIsItsOwnOutcome() {
        assertEquals(Settle.Outcome.HELD, Settle.await(() -> true, Settle.every(1), 0, new CancellationToken()));
        assertEquals(Settle.Outcome.TIMED_OUT, Settle.await(() -> false, Settle.every(1), 0, new CancellationToken()));
        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        assertEquals(Settle.Outcome.CANCELLED, Settle.await(() -> false, Settle.every(1), Long.MAX_VALUE, cancelled));
    }

    @Test
    void aWaitWithNoBoundEndsCancelledWhenItsTokenIsCancelledMeanwhile() throws Exception {
        CancellationToken cancellation = new CancellationToken();
        CountDownLatch reading = new CountDownLatch(1);
        CompletableFuture<Settle.Outcome> wait = CompletableFuture.supplyAsync(() -> Settle.await(
                () -> {
                    reading.countDown();
                    return false;
                },
                Settle.every(20),
                Long.MAX_VALUE,
                cancellation));
        assertTrue(reading.await(30, TimeUnit.SECONDS), "the wait began reading");
        cancellation.cancel();
        assertEquals(Settle.Outcome.CANCELLED, wait.get(30, TimeUnit.SECONDS));
    }

    @Test
    void anInterruptedWaitEndsCancelledAndKeepsTheInterrupt() {
        Thread.currentThread().interrupt();
        try {
            assertEquals(
                    Settle.Outcome.CANCELLED,
                    Settle.await(() -> false, Settle.every(1_000), Long.MAX_VALUE, new CancellationToken()));
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void thePauseDecidesWhenTheCheckIsReadAgain() {
        AtomicInteger pauses = new AtomicInteger();
        AtomicInteger reads = new AtomicInteger();
        Settle.Outcome outcome = Settle.await(
                () -> reads.incrementAndGet() == 4,
                atMost -> pauses.incrementAndGet(),
                Long.MAX_VALUE,
                new CancellationToken());
        assertEquals(Settle.Outcome.HELD, outcome);
        assertEquals(3, pauses.get(), "one pause between each two reads");
    }
}

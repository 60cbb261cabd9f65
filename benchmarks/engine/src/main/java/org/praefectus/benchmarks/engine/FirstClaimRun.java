package org.praefectus.benchmarks.engine;

import java.nio.file.Path;
import org.praefectus.engine.ledger.ClaimResult;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * The first claim of a fresh process on an existing ledger (what a CLI run or a restarted host pays, class
 * loading included), outside JMH: {@code java -cp engine-benchmarks.jar
 * org.praefectus.benchmarks.engine.FirstClaimRun LEDGER.jsonl}. Prints the milliseconds from constructing
 * the ledger to the first claim's return (open, lock, index check and catch-up, lookup, append, fsync), then
 * of one {@code status} of an existing operation in the same session.
 */
public final class FirstClaimRun {

    private FirstClaimRun() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long start = System.nanoTime();
        try (OperationLedger ledger = new OperationLedger(file);
                OperationLedger.Session session = ledger.lock()) {
            ClaimResult result = session.claim(BenchmarkLedgers.claim("first-of-process-" + System.nanoTime()));
            long claimed = System.nanoTime();
            boolean found = session.status(BenchmarkLedgers.operationId(0)).isPresent();
            long status = System.nanoTime();
            System.out.printf(
                    "first claim %.1f ms (%s), then status %.2f ms (found %b)%n",
                    (claimed - start) / 1e6, result.getClass().getSimpleName(), (status - claimed) / 1e6, found);
        }
    }
}

package org.praefectus.benchmarks.engine;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * Opening an existing ledger with its index checked (issue 40, defect 4: the table's checksum and slot count are
 * recomputed at every open), outside JMH: {@code java -cp engine-benchmarks.jar
 * org.praefectus.benchmarks.engine.IndexCheckRun LEDGER.jsonl [RUNS]}. Each run constructs the ledger, takes its
 * lock (header check against the JSONL, the one pass over the table, catch-up) and reads one operation's
 * status, then closes it; printed in milliseconds, with whether the index file was kept (a rebuild would replace
 * it and is not what this measures).
 */
public final class IndexCheckRun {

    private IndexCheckRun() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path index = file.resolveSibling(file.getFileName().toString().replaceFirst("\\.jsonl$", ".index"));
        for (int run = 1; run <= runs; run++) {
            Object before = key(index);
            long start = System.nanoTime();
            boolean found;
            try (OperationLedger ledger = new OperationLedger(file);
                    OperationLedger.Session session = ledger.lock()) {
                found = session.status(BenchmarkLedgers.operationId(run)).isPresent();
            }
            long done = System.nanoTime();
            System.out.printf(
                    "run %d: open with index check + status %.1f ms (found %b, index %s, %d MiB)%n",
                    run,
                    (done - start) / 1e6,
                    found,
                    before != null && before.equals(key(index)) ? "kept" : "rebuilt",
                    Files.size(index) >> 20);
        }
    }

    private static Object key(Path file) throws java.io.IOException {
        return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                .fileKey();
    }
}

package org.praefectus.benchmarks.engine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.engine.ledger.ClaimResult;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * What a process pays the first time it uses an existing ledger (issue 14, defect 7): open the ledger, claim
 * one new operation (or read one operation's status), close. Single shot per iteration, so every iteration
 * pays the open again. The ledger (one claim and one terminal per operation) is written once per trial
 * without an index; the trial's setup then opens it once, which builds the index by the strict scan, and
 * prints how long that took: the one-time cost of a ledger whose index is missing.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 10)
@Fork(
        value = 1,
        jvmArgs = {"-Xmx1g"})
public class LedgerOpenBenchmark {

    @Param({"1000", "100000", "1000000"})
    public int operations;

    private Path file;
    private long next;

    @Setup(Level.Trial)
    public void write() throws Exception {
        file = BenchmarkLedgers.directory("open").resolve("operations.jsonl");
        long written = System.nanoTime();
        BenchmarkLedgers.write(file, operations);
        long built = System.nanoTime();
        try (OperationLedger ledger = new OperationLedger(file);
                OperationLedger.Session session = ledger.lock()) {
            if (session.operations() != operations) {
                throw new IllegalStateException("index holds " + session.operations());
            }
        }
        long done = System.nanoTime();
        System.out.printf(
                "%n%d operations: ledger of %d MB written in %d ms, index built (strict scan) in %d ms%n",
                operations, Files.size(file) >> 20, (built - written) / 1_000_000, (done - built) / 1_000_000);
    }

    @Benchmark
    public ClaimResult openAndClaimFirst() throws Exception {
        try (OperationLedger ledger = new OperationLedger(file);
                OperationLedger.Session session = ledger.lock()) {
            return session.claim(BenchmarkLedgers.claim("first-after-open-" + next++));
        }
    }

    @Benchmark
    public Optional<ActionAck> openAndStatusFirst() throws Exception {
        try (OperationLedger ledger = new OperationLedger(file);
                OperationLedger.Session session = ledger.lock()) {
            Optional<ActionAck> status =
                    session.status(BenchmarkLedgers.operationId((int) (next++ * 7919 % operations)));
            if (status.isEmpty()) {
                throw new IllegalStateException("an existing operation has no status");
            }
            return status;
        }
    }
}

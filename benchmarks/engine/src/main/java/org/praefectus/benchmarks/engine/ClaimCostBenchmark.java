package org.praefectus.benchmarks.engine;

import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.praefectus.engine.ledger.ClaimResult;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * Claim cost against ledger length. {@code claimNew}: lock, index lookup, append a claim, fsync, unlock.
 * {@code claimExisting}: lock, lookup and positional reads of an existing claim and its terminal (a replay,
 * no write), unlock: the part the reference pays a whole-file read for. Each record is one claimed and
 * finished operation ({@link BenchmarkLedgers}); the ledger is opened (index built) once per trial.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(
        value = 1,
        jvmArgs = {"-Xmx2g"})
public class ClaimCostBenchmark {

    @Param({"10", "10000", "1000000"})
    public int records;

    private Path directory;
    private OperationLedger ledger;
    private long next;

    @Setup(Level.Trial)
    public void start() throws Exception {
        directory = BenchmarkLedgers.directory("claims");
        Path file = directory.resolve("operations.jsonl");
        BenchmarkLedgers.write(file, records);
        ledger = new OperationLedger(file);
        try (OperationLedger.Session session = ledger.lock()) {
            if (session.operations() != records) {
                throw new IllegalStateException("index holds " + session.operations());
            }
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        ledger.close();
    }

    @Benchmark
    public ClaimResult claimNew() throws Exception {
        try (OperationLedger.Session session = ledger.lock()) {
            return session.claim(BenchmarkLedgers.claim("new-" + next++));
        }
    }

    @Benchmark
    public ClaimResult claimExisting() throws Exception {
        try (OperationLedger.Session session = ledger.lock()) {
            return session.claim(BenchmarkLedgers.claim(BenchmarkLedgers.operationId((int) (next++ % records))));
        }
    }
}

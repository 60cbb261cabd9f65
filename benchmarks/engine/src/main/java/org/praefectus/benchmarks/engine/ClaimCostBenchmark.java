package org.praefectus.benchmarks.engine;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.engine.ledger.ClaimResult;
import org.praefectus.engine.ledger.LedgerRecord;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * Claim cost against ledger length. {@code claimNew}: lock, index lookup, append a claim, fsync, unlock.
 * {@code claimExisting}: lock, lookup and positional read of an existing claim (no write), unlock: the
 * part the reference pays a whole-file read for. The ledger is opened (index built) once per trial.
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

    private static final String HASH = "a".repeat(64);

    private Path directory;
    private OperationLedger ledger;
    private long next;

    @Setup(Level.Trial)
    public void start() throws Exception {
        directory = Files.createTempDirectory(
                Files.createDirectories(Path.of("target", "bench").toAbsolutePath()),
                "claims",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path file = directory.resolve("operations.jsonl");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            for (int i = 0; i < records; i++) {
                out.write(("{\"kind\":\"claim\",\"operation_id\":\"existing-" + i + "\",\"action_hash\":\"" + HASH
                                + "\",\"claimed_at_ms\":1700000000000,\"action_name\":\"invoke\",\"delivery_route\":"
                                + "\"target_addressed\",\"session_isolation\":\"shared_desktop\",\"interaction_mode\":"
                                + "\"interactive\"}\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
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

    private static LedgerRecord.Claim claim(String operationId) {
        return new LedgerRecord.Claim(
                operationId,
                HASH,
                1_700_000_000_000L,
                "invoke",
                DeliveryRoute.TARGET_ADDRESSED,
                SessionIsolation.SHARED_DESKTOP,
                InteractionMode.INTERACTIVE);
    }

    @Benchmark
    public ClaimResult claimNew() throws Exception {
        try (OperationLedger.Session session = ledger.lock()) {
            return session.claim(claim("new-" + next++));
        }
    }

    @Benchmark
    public ClaimResult claimExisting() throws Exception {
        try (OperationLedger.Session session = ledger.lock()) {
            return session.claim(claim("existing-" + (next++ % records)));
        }
    }
}

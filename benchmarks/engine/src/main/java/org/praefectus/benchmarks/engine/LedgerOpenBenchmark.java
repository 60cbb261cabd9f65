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
import org.openjdk.jmh.annotations.Warmup;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.engine.ledger.ClaimResult;
import org.praefectus.engine.ledger.LedgerRecord;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * What a process pays the first time it uses an existing ledger (issue 14, defect 7): open the ledger,
 * claim one new operation (which builds the index of every operation on the way), close. Single shot per
 * iteration, so every iteration pays the open again. The ledgers are written once per trial as claim lines of
 * the reference's shape (one line per operation), so generation stays one sequential write.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(
        value = 1,
        jvmArgs = {"-Xmx2g"})
public class LedgerOpenBenchmark {

    @Param({"1000", "100000", "1000000"})
    public int operations;

    private static final String HASH = "b".repeat(64);

    private Path file;
    private long next;

    @Setup(Level.Trial)
    public void write() throws Exception {
        Path directory = Files.createTempDirectory(
                Files.createDirectories(Path.of("target", "bench").toAbsolutePath()),
                "open",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        file = directory.resolve("operations.jsonl");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            for (int i = 0; i < operations; i++) {
                String id = "existing-" + i;
                out.write(("{\"kind\":\"claim\",\"operation_id\":\"" + id + "\",\"action_hash\":\"" + HASH
                                + "\",\"claimed_at_ms\":1700000000000,\"action_name\":\"invoke\",\"delivery_route\":"
                                + "\"target_addressed\",\"session_isolation\":\"shared_desktop\",\"interaction_mode\":"
                                + "\"interactive\"}\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    @Benchmark
    public ClaimResult openAndClaimFirst() throws Exception {
        try (OperationLedger ledger = new OperationLedger(file);
                OperationLedger.Session session = ledger.lock()) {
            return session.claim(new LedgerRecord.Claim(
                    "first-after-open-" + next++,
                    HASH,
                    1_700_000_000_000L,
                    "invoke",
                    DeliveryRoute.TARGET_ADDRESSED,
                    SessionIsolation.SHARED_DESKTOP,
                    InteractionMode.INTERACTIVE));
        }
    }
}

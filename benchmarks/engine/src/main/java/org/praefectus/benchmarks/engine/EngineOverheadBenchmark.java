package org.praefectus.benchmarks.engine;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.engine.execution.EngineOptions;
import org.praefectus.engine.execution.ExecutorRegistry;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * One executed operation through the real engine (strict validation, hash, Ed25519 verify_strict, claim
 * with fsync, no-op executor, terminal with fsync) against the floor: two appended lines, each fsynced,
 * on the same disk. The difference is the engine's own cost per operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(
        value = 1,
        jvmArgs = {"-Xmx1g"})
public class EngineOverheadBenchmark {

    private static final int REQUESTS_PER_ITERATION = 6_000;

    private Path directory;
    private OperationLedger ledger;
    private OperationEngine engine;
    private BenchmarkHost host;
    private List<ActionRequest> requests;
    private int next;
    private int iteration;
    private FileChannel floor;
    private final CancellationToken cancellation = new CancellationToken();

    @Setup(Level.Trial)
    public void start() throws Exception {
        directory = Files.createTempDirectory(
                Files.createDirectories(Path.of("target", "bench").toAbsolutePath()),
                "engine",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        host = new BenchmarkHost();
        ledger = new OperationLedger(directory.resolve("operations.jsonl"));
        engine = new OperationEngine(
                ExecutorRegistry.of(new NoOpExecutor()),
                host.verifier(),
                NullOutcomeLedger.INSTANCE,
                ledger,
                new EngineOptions(false, System::currentTimeMillis));
        floor = FileChannel.open(
                directory.resolve("floor.jsonl"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
    }

    @Setup(Level.Iteration)
    public void sign() throws Exception {
        requests = new ArrayList<>(REQUESTS_PER_ITERATION);
        for (int i = 0; i < REQUESTS_PER_ITERATION; i++) {
            requests.add(host.invoke("bench-" + iteration + "-" + i));
        }
        iteration++;
        next = 0;
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        ledger.close();
        floor.close();
    }

    @Benchmark
    public ExecuteReport executeOneOperation() throws Exception {
        return engine.execute(requests.get(next++ % REQUESTS_PER_ITERATION), cancellation);
    }

    private static final byte[] LINE = ("{\"kind\":\"claim\",\"operation_id\":\"floor\",\"action_hash\":\""
                    + "0".repeat(64) + "\",\"claimed_at_ms\":1}\n")
            .getBytes(StandardCharsets.UTF_8);

    @Benchmark
    public void floorTwoFsyncedAppends() throws Exception {
        floor.write(ByteBuffer.wrap(LINE));
        floor.force(true);
        floor.write(ByteBuffer.wrap(LINE));
        floor.force(true);
    }
}

package org.praefectus.tests.remote.hosts;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.Terminal;

/**
 * The engine host's driver in the remote tests: with an executor bound it writes {@code <results>.ready};
 * once the start file appears
 * it executes every signed request through the engine service, in order, and writes each terminal to the
 * results file (flushed per line, so a host killed mid-run leaves what it answered), each after a
 * {@code LATENCY <µs>} line (what the benchmark reads; the tests never assert on it).
 */
@Component(configurationPid = DriverConfig.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true)
public final class OperationDriver {

    private final Thread thread;
    private volatile boolean running = true;

    @Activate
    public OperationDriver(
            DriverConfig config,
            @Reference Engine engine,
            // present before the first operation: the imported executor
            @Reference Executor executor) {
        this.thread = new Thread(() -> drive(config, engine), "praefectus-test-driver");
        thread.setDaemon(true);
        thread.start();
    }

    private void drive(DriverConfig config, Engine engine) {
        Path start = Path.of(config.start());
        try {
            Files.writeString(Path.of(config.results() + ".ready"), "ready\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("results are unwritable", e);
        }
        while (running && !Files.exists(start)) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        try (OutputStream results = Files.newOutputStream(Path.of(config.results()))) {
            List<String> requests = Files.readAllLines(Path.of(config.requests()), StandardCharsets.UTF_8);
            for (String request : requests) {
                if (!running) {
                    return;
                }
                long started = System.nanoTime();
                String answer = answer(engine, request);
                long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - started);
                // the latency line comes first: a RESULT line is only ever read with its latency
                results.write(("LATENCY " + micros + "\n" + answer).getBytes(StandardCharsets.UTF_8));
                results.flush();
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(config.pause_ms()));
            }
            results.write("DONE\n".getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("results are unwritable", e);
        }
    }

    private static String answer(Engine engine, String request) {
        try {
            ExecuteReport report = engine.execute(request.getBytes(StandardCharsets.UTF_8), new CancellationToken());
            ActionAck ack =
                    report.acknowledgements().get(report.acknowledgements().size() - 1);
            if (ack.state() instanceof AckState.Finished finished) {
                Terminal terminal = finished.terminal();
                String message = "";
                if (terminal instanceof Terminal.Failed failed) {
                    message = " " + code(failed.code()) + " " + failed.message();
                } else if (terminal instanceof Terminal.Rejected rejected) {
                    message = " " + code(rejected.code()) + " " + rejected.message();
                }
                return "RESULT " + ack.operationId() + " " + terminal.kind() + " " + ack.replayed() + message + "\n";
            }
            return "NOT-TERMINAL " + ack.operationId() + "\n";
        } catch (EngineException e) {
            return "ERROR " + e.getMessage() + "\n";
        }
    }

    private static String code(org.praefectus.api.protocol.FailureCode code) {
        return code.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        running = false;
        thread.join(TimeUnit.SECONDS.toMillis(5));
    }
}

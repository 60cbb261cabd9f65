package org.praefectus.tests.remote.hosts;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * The observe benchmark's driver (benchmarks/remote/observe): once the configured window is the active
 * surface of the executor it is given (the Linux executor in its own framework, or one imported from a
 * desktop host), it times {@code observeSemantic} of that desktop, call after call, and writes each latency.
 * Read-only: nothing on the desktop changes. The numbers are for the benchmark; no test asserts on them.
 */
@Component(configurationPid = ObserveConfig.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true)
public final class ObserveDriver {

    private final Thread thread;
    private volatile boolean running = true;

    @Activate
    public ObserveDriver(ObserveConfig config, @Reference(name = "executor") Executor executor) {
        this.thread = new Thread(() -> drive(config, executor), "praefectus-test-observe");
        thread.setDaemon(true);
        thread.start();
    }

    private void drive(ObserveConfig config, Executor executor) {
        try (OutputStream results = Files.newOutputStream(Path.of(config.results()))) {
            int elements = awaitWindow(config.title(), executor).elements().size();
            for (int i = 0; i < config.observations() && running; i++) {
                long started = System.nanoTime();
                executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 30_000);
                long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - started);
                results.write(("LATENCY " + micros + "\n").getBytes(StandardCharsets.UTF_8));
            }
            results.write(("ELEMENTS " + elements + "\nDONE\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException | ExecutorException | RuntimeException e) {
            write(config.results() + ".error", e.getClass().getSimpleName() + " " + e.getMessage());
        }
    }

    /** The first observation whose root is the window: the window was mapped and its tree exposed. */
    private SemanticObservation awaitWindow(String title, Executor executor) {
        long deadline = System.currentTimeMillis() + 60_000;
        String last = "no observation";
        while (running && System.currentTimeMillis() < deadline) {
            try {
                SemanticObservation observation =
                        executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 10_000);
                if (!observation.elements().isEmpty()
                        && title.equals(observation.elements().get(0).name())) {
                    return observation;
                }
                last = observation.elements().isEmpty()
                        ? "empty"
                        : observation.elements().get(0).name();
            } catch (ExecutorException notYet) {
                last = notYet.getMessage(); // AT-SPI has not exposed the window yet
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
        throw new IllegalStateException("the window " + title + " never became the active surface: " + last);
    }

    private static void write(String file, String text) {
        try {
            Files.writeString(Path.of(file), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("results are unwritable", e);
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        running = false;
        thread.join(TimeUnit.SECONDS.toMillis(5));
    }
}

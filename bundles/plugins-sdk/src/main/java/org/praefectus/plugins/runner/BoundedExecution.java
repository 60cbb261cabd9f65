package org.praefectus.plugins.runner;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.praefectus.plugins.process.OutputListener;
import org.praefectus.plugins.process.ProcessExecution;
import org.praefectus.plugins.process.ProcessResult;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.process.ProcessStream;
import org.praefectus.plugins.process.Termination;

/** One running process: its drains, its deadline, its tree, and the result once all of them are done. */
final class BoundedExecution implements ProcessExecution {

    /** How often descendants are sampled while the root runs. */
    static final Duration SAMPLE_INTERVAL = Duration.ofMillis(100);

    /**
     * How long output may still arrive after the root ended and its tree was killed. Only a process the
     * runner never saw can hold a pipe open that long; the result then carries what was read so far.
     */
    static final Duration DRAIN_GRACE = Duration.ofSeconds(5);

    private final Process process;
    private final ProcessSpec spec;
    private final ProcessTree tree;
    private final OutputDrain stdout;
    private final OutputDrain stderr;
    private final long startNanos = System.nanoTime();
    private final AtomicReference<Termination> killedFor = new AtomicReference<>();
    private final CompletableFuture<ProcessResult> result = new CompletableFuture<>();
    private ScheduledFuture<?> sampler;
    private ScheduledFuture<?> deadline;

    BoundedExecution(Process process, ProcessSpec spec, OutputListener listener, boolean sessionLeader) {
        this.process = process;
        this.spec = spec;
        this.tree = new ProcessTree(process.toHandle(), sessionLeader);
        this.stdout = new OutputDrain(ProcessStream.STDOUT, spec.maxOutputBytes(), listener);
        this.stderr = new OutputDrain(ProcessStream.STDERR, spec.maxOutputBytes(), listener);
    }

    /** Starts the drains, the stdin writer, the sampler and the deadline. */
    void begin(Executor threads, ScheduledExecutorService clock, Consumer<BoundedExecution> whenDone) {
        CompletableFuture<Void> outDone =
                CompletableFuture.runAsync(() -> stdout.drain(process.getInputStream()), threads);
        CompletableFuture<Void> errDone =
                CompletableFuture.runAsync(() -> stderr.drain(process.getErrorStream()), threads);
        threads.execute(this::writeStdin);
        sampler = clock.scheduleWithFixedDelay(tree::sample, 0, SAMPLE_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
        deadline = clock.schedule(
                () -> terminate(Termination.TIMED_OUT), spec.timeout().toNanos(), TimeUnit.NANOSECONDS);
        // not awaited: whenDone reports the end, and close() does not wait for it
        var unused = process.onExit()
                .thenRunAsync(
                        () -> {
                            try {
                                rootEnded(CompletableFuture.allOf(outDone, errDone));
                            } finally {
                                whenDone.accept(this);
                            }
                        },
                        threads);
    }

    private void writeStdin() {
        try (OutputStream in = process.getOutputStream()) {
            in.write(spec.stdin());
        } catch (IOException notReading) {
            // the child closed its stdin or ended: what it did not read it did not want
        }
    }

    /** Kills the tree for a reason, unless the root has already ended by itself or was already killed. */
    void terminate(Termination reason) {
        if (process.isAlive() && killedFor.compareAndSet(null, reason)) {
            tree.kill(true);
        }
    }

    private void rootEnded(CompletableFuture<Void> drained) {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
        sampler.cancel(false);
        deadline.cancel(false);
        Termination termination = killedFor.get() == null ? Termination.EXITED : killedFor.get();
        int strays = tree.kill(false);
        try {
            drained.get(DRAIN_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException stillOpen) {
            // an unseen process holds a pipe: report what was read
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        result.complete(new ProcessResult(
                termination,
                process.exitValue(),
                stdout.captured(),
                stderr.captured(),
                elapsed,
                termination == Termination.EXITED ? strays : 0));
    }

    /** Waits a bounded time for the result; for shutdown, which must not hang on a stuck process. */
    void awaitQuietly(Duration limit) {
        try {
            result.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException ignored) {
            // shutdown goes on
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public void cancel() {
        terminate(Termination.CANCELLED);
    }

    @Override
    public CompletionStage<ProcessResult> completion() {
        return result.minimalCompletionStage();
    }

    @Override
    public ProcessResult await() throws InterruptedException {
        try {
            return result.get();
        } catch (ExecutionException impossible) {
            throw new IllegalStateException("the result future never fails", impossible);
        }
    }
}

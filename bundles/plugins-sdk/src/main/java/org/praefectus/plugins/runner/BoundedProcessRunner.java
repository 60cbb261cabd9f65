package org.praefectus.plugins.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.plugins.process.ClosableProcessRunner;
import org.praefectus.plugins.process.OutputListener;
import org.praefectus.plugins.process.ProcessExecution;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.process.ProcessStartException;
import org.praefectus.plugins.process.Termination;

/**
 * The {@link org.praefectus.plugins.process.ProcessRunner}: two reader threads and one stdin writer per
 * process from a cached pool, and one clock thread for deadlines and tree sampling.
 */
public final class BoundedProcessRunner implements ClosableProcessRunner {

    private final Map<String, String> parentEnvironment;
    private final ExecutorService threads = Executors.newCachedThreadPool(daemon("praefectus-process-io"));
    private final ScheduledExecutorService clock =
            Executors.newSingleThreadScheduledExecutor(daemon("praefectus-process-clock"));
    private final Set<BoundedExecution> running = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /** @param parentEnvironment the environment inherited names are taken from: {@code System.getenv()} */
    public BoundedProcessRunner(Map<String, String> parentEnvironment) {
        this.parentEnvironment = Map.copyOf(parentEnvironment);
    }

    @Override
    public ProcessExecution start(ProcessSpec spec, OutputListener listener) throws ProcessStartException {
        if (closed) {
            throw new IllegalStateException("the process runner is closed");
        }
        List<String> command = new ArrayList<>(spec.command());
        Optional<Path> setsid = Sessions.setsid();
        if (setsid.isPresent()) {
            // setsid looks the program up on the child's PATH; resolve it as the JDK would, on ours
            command.set(0, executable(spec).toString());
            command.addAll(0, List.of(setsid.get().toString(), "--"));
        }
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(spec.workingDirectory().toFile());
        Map<String, String> environment = builder.environment();
        environment.clear();
        for (String name : spec.inheritedEnvironment()) {
            String value = parentEnvironment.get(name);
            if (value != null) {
                environment.put(name, value);
            }
        }
        environment.putAll(spec.environment());
        Process process;
        try {
            process = builder.start();
        } catch (IOException | RuntimeException cannot) {
            throw new ProcessStartException("cannot start " + spec.program() + ": " + reason(cannot), cannot);
        }
        BoundedExecution execution = new BoundedExecution(process, spec, listener, setsid.isPresent());
        running.add(execution);
        execution.begin(threads, clock, running::remove);
        return execution;
    }

    /**
     * The program as an absolute path: a name without a slash is searched on the parent's {@code PATH},
     * a relative path is taken from the working directory, as {@code execvp} in the child would.
     */
    private Path executable(ProcessSpec spec) throws ProcessStartException {
        String program = spec.program();
        if (program.indexOf('/') >= 0) {
            Path path = spec.workingDirectory().resolve(program);
            if (!Files.isRegularFile(path)) {
                throw new ProcessStartException(
                        "cannot start " + program + ": error=2, No such file or directory", null);
            }
            if (!Files.isExecutable(path)) {
                throw new ProcessStartException("cannot start " + program + ": error=13, Permission denied", null);
            }
            return path;
        }
        String path = parentEnvironment.getOrDefault("PATH", "/usr/bin:/bin");
        for (String folder : path.split(":")) {
            Path candidate = Path.of(folder.isEmpty() ? "." : folder).resolve(program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toAbsolutePath();
            }
        }
        throw new ProcessStartException("cannot start " + program + ": error=2, No such file or directory", null);
    }

    /** The operating system's reason without the command line the JDK puts before it. */
    private static String reason(Exception cannot) {
        String message = String.valueOf(cannot.getMessage());
        int error = message.indexOf("error=");
        return error >= 0 ? message.substring(error) : cannot.getClass().getSimpleName();
    }

    /** The number of processes whose result is not complete yet. */
    public int running() {
        return running.size();
    }

    @Override
    public void close() {
        closed = true;
        for (BoundedExecution execution : running) {
            execution.terminate(Termination.CANCELLED);
        }
        // results complete on the pool, so it stays open until the killed processes are accounted for
        for (BoundedExecution execution : running) {
            execution.awaitQuietly(Duration.ofSeconds(10));
        }
        clock.shutdownNow();
        threads.shutdown();
        try {
            if (!threads.awaitTermination(10, TimeUnit.SECONDS)) {
                threads.shutdownNow();
            }
        } catch (InterruptedException interrupted) {
            threads.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}

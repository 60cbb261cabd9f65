package org.praefectus.bridge.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.adapter.AgentOutputParser;
import org.praefectus.bridge.adapter.AgentTask;
import org.praefectus.bridge.adapter.ExecutorProbe;
import org.praefectus.bridge.adapter.NormalizedStatus;
import org.praefectus.bridge.adapter.Outcome;
import org.praefectus.bridge.adapter.ParsedEvent;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.paths.MappedWorkdir;
import org.praefectus.bridge.paths.PathMapper;
import org.praefectus.bridge.paths.PermissionException;
import org.praefectus.plugins.process.ProcessExecution;
import org.praefectus.plugins.process.ProcessResult;
import org.praefectus.plugins.process.ProcessRunner;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.process.ProcessStartException;
import org.praefectus.plugins.process.ProcessStream;
import org.praefectus.plugins.process.Termination;

/**
 * Accepts, queues, runs, cancels and recovers runs. At most {@code max_concurrent_runs} processes run at
 * once; the rest wait in one FIFO queue. Each state change is an event and is persisted.
 */
public final class RunManager implements AutoCloseable {

    /** The longest run a request may ask for: one day. */
    public static final long MAX_TIMEOUT_SECONDS = 86_400;

    private static final int MAX_OUTPUT_BYTES = 1_048_576;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final BridgeSettings settings;
    private final Map<String, AgentAdapter> adapters;
    private final ProcessRunner runner;
    private final RunStore store;
    private final PathMapper paths;
    private final ExecutorHealth health;
    private final Duration cancelGrace;
    private final ThreadPoolExecutor workers;
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    /** The FIFO queue; a worker takes its head and numbers it under this queue's lock. */
    private final ArrayDeque<Job> pending = new ArrayDeque<>();

    private long dequeued;
    private final ObjectMapper json = new ObjectMapper();
    private volatile boolean closed;

    /** What a queued or running run needs besides its record. */
    private static final class Job {
        final Run run;
        final AgentAdapter adapter;
        final BridgeSettings.Executor executor;
        final AgentTask task;
        final MappedWorkdir workdir;
        final List<Path> expectedOutputs;
        final long timeoutSeconds;
        volatile ProcessExecution execution;
        volatile boolean cancelRequested;

        Job(
                Run run,
                AgentAdapter adapter,
                BridgeSettings.Executor executor,
                AgentTask task,
                MappedWorkdir workdir,
                List<Path> expectedOutputs,
                long timeoutSeconds) {
            this.run = run;
            this.adapter = adapter;
            this.executor = executor;
            this.task = task;
            this.workdir = workdir;
            this.expectedOutputs = expectedOutputs;
            this.timeoutSeconds = timeoutSeconds;
        }
    }

    public RunManager(
            BridgeSettings settings,
            Map<String, AgentAdapter> adapters,
            ProcessRunner runner,
            RunStore store,
            ExecutorHealth health,
            Duration cancelGrace) {
        this.settings = settings;
        this.adapters = Map.copyOf(adapters);
        this.runner = runner;
        this.store = store;
        this.paths = new PathMapper(settings.paths());
        this.health = health;
        this.cancelGrace = cancelGrace;
        int slots = settings.runtime().maxConcurrentRuns();
        AtomicInteger threadNumber = new AtomicInteger();
        this.workers =
                new ThreadPoolExecutor(slots, slots, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "praefectus-bridge-run-" + threadNumber.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }

    /**
     * Loads persisted runs. A run that was queued or active when the bridge stopped is failed honestly: its
     * process tree, if it still exists, is killed, and it is never reported completed.
     */
    public int recover() throws IOException {
        int interrupted = 0;
        for (Run run : store.load(settings.runtime().maxEventBuffer())) {
            RunState state = run.state();
            if (state.terminal()) {
                continue;
            }
            boolean killed = killLeftover(run.runId());
            String reason = state.active()
                    ? "The bridge stopped while this run was active; its process is gone"
                            + (killed ? " (the leftover process tree was killed)." : ".")
                    : "The bridge stopped before this run started; it never ran.";
            event(run, "run_interrupted", Map.of("previous_status", state.wire(), "message", reason));
            run.finish(
                    RunState.FAILED_TRANSIENT,
                    NormalizedStatus.FAILED_TRANSIENT,
                    reason,
                    null,
                    List.of(),
                    null,
                    null,
                    0,
                    null);
            statusEvent(run);
            store.save(run);
            interrupted++;
        }
        return interrupted;
    }

    /** Validates and queues a run; refusals are {@link ApiException}s with the contract's codes. */
    public Run submit(CreateRunRequest request) throws ApiException {
        if (closed) {
            throw new ApiException(503, "unavailable", "The bridge is stopping.");
        }
        BridgeSettings.Executor executor = settings.executors().get(request.executor());
        AgentAdapter adapter = adapters.get(request.executor());
        if (executor == null || !executor.enabled()) {
            throw new ApiException(400, "executor_not_available", "Executor not available: " + request.executor());
        }
        if (adapter == null) {
            throw new ApiException(
                    400, "executor_not_available", "No adapter is registered for executor type: " + request.executor());
        }
        if (request.timeoutSeconds() < 1 || request.timeoutSeconds() > MAX_TIMEOUT_SECONDS) {
            throw new ApiException(
                    400, "validation_error", "timeout_seconds must be between 1 and " + MAX_TIMEOUT_SECONDS + ".");
        }
        CreateRunRequest.PathMapping mapping = request.pathMapping();
        CreateRunRequest.TaskSpec spec = request.taskSpec();
        MappedWorkdir workdir;
        List<Path> inputs = new ArrayList<>();
        List<Path> outputs = new ArrayList<>();
        try {
            workdir = paths.mapWorkdir(
                    mapping.containerWorkspaceRoot(), mapping.hostWorkspaceRoot(), mapping.targetWorkdir());
            for (String f : spec.inputFiles()) {
                inputs.add(paths.mapFile(mapping.containerWorkspaceRoot(), f));
            }
            for (String f : spec.expectedOutputs()) {
                outputs.add(paths.mapFile(mapping.containerWorkspaceRoot(), f));
            }
        } catch (PermissionException e) {
            throw new ApiException(400, "permission_error", e.getMessage());
        }
        AgentTask task = new AgentTask(
                spec.title(),
                spec.instructions(),
                workdir.hostPath(),
                inputs,
                outputs,
                spec.approvalPolicy().allowDestructiveWrite(),
                spec.approvalPolicy().allowShell(),
                spec.modelProfile() == null ? "standard" : spec.modelProfile(),
                "allowed".equals(spec.nativeSubagents()));

        String runId = "run_" + HexFormat.of().formatHex(randomBytes(12));
        Run run = new Run(
                runId,
                request.requestId(),
                request.missionId(),
                request.taskId(),
                request.executor(),
                Instant.now().toString(),
                workdir.hostPath().toString(),
                RunState.ACCEPTED,
                settings.runtime().maxEventBuffer());
        store.add(run);
        event(run, "run_accepted", Map.of("status", RunState.ACCEPTED.wire(), "executor", request.executor()));
        transition(run, RunState.VALIDATING);
        Job job = new Job(run, adapter, executor, task, workdir, outputs, request.timeoutSeconds());
        jobs.put(runId, job);
        synchronized (pending) {
            // queued state and queue position are taken together: the queue order is the order runs became queued
            transition(run, RunState.QUEUED);
            pending.add(job);
        }
        workers.execute(this::startNext); // one task per job: every queued job is taken exactly once
        return run;
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    public Run get(String runId) {
        return store.get(runId);
    }

    /** Runs waiting for a slot. */
    public int queuedRuns() {
        synchronized (pending) {
            return pending.size();
        }
    }

    /**
     * Cancels a run: a queued one at once; a running one by SIGTERM to its process tree, then, after the
     * grace period, SIGKILL to the whole tree through the process runner.
     *
     * @return true when the cancellation was accepted
     */
    public boolean cancel(String runId) {
        Run run = store.get(runId);
        Job job = jobs.get(runId);
        if (run == null || job == null) {
            return false;
        }
        synchronized (job) {
            RunState state = run.state();
            if (state.terminal() || state == RunState.CANCELLING || job.cancelRequested) {
                return state == RunState.CANCELLING || state == RunState.CANCELLED;
            }
            job.cancelRequested = true;
            if (state == RunState.ACCEPTED || state == RunState.VALIDATING || state == RunState.QUEUED) {
                transition(run, RunState.CANCELLING);
                run.finish(RunState.CANCELLED, NormalizedStatus.CANCELLED, null, null, List.of(), null, null, 0, null);
                statusEvent(run);
                store.save(run);
                return true;
            }
            if (state == RunState.STARTING || state == RunState.RUNNING) {
                transition(run, RunState.CANCELLING);
                ProcessExecution execution = job.execution;
                if (execution != null) {
                    terminateGracefully(execution);
                }
                return true;
            }
            return false; // collecting or normalizing: the process has already ended
        }
    }

    private void terminateGracefully(ProcessExecution execution) {
        ProcessHandle.of(execution.pid()).ifPresent(root -> {
            root.descendants().forEach(ProcessHandle::destroy);
            root.destroy();
        });
        Thread killer = new Thread(
                () -> {
                    try {
                        execution.completion().toCompletableFuture().get(cancelGrace.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (Exception stillRunning) {
                        execution.cancel();
                    }
                    execution.cancel(); // also kills anything left in the session after the root exited
                },
                "praefectus-bridge-cancel");
        killer.setDaemon(true);
        killer.start();
    }

    /**
     * Takes the head of the queue. Leaving the queue, its number ({@code run_dequeued.queue_order}) and the
     * move to starting happen under the queue's lock, so the numbers are exactly the FIFO order.
     */
    private void startNext() {
        Job job;
        synchronized (pending) {
            job = pending.poll();
            if (job == null) {
                return;
            }
            synchronized (job) {
                if (job.cancelRequested || closed) {
                    jobs.remove(job.run.runId());
                    return;
                }
                event(job.run, "run_dequeued", Map.of("queue_order", ++dequeued));
                transition(job.run, RunState.STARTING);
            }
        }
        execute(job);
    }

    private void execute(Job job) {
        Run run = job.run;
        try {
            runJob(job);
        } catch (RuntimeException e) {
            if (!run.state().terminal()) {
                run.finish(
                        RunState.FAILED_TRANSIENT,
                        NormalizedStatus.FAILED_TRANSIENT,
                        "The bridge failed while running this run: "
                                + e.getClass().getSimpleName(),
                        null,
                        List.of(),
                        null,
                        null,
                        0,
                        null);
                statusEvent(run);
                store.save(run);
            }
        } finally {
            // a run interrupted by close() is left to close(), which reports it honestly (run_interrupted)
            if (!closed || run.state().terminal()) {
                jobs.remove(run.runId());
            }
        }
    }

    private void runJob(Job job) {
        Run run = job.run;
        long started = System.nanoTime();
        try {
            paths.revalidate(job.workdir);
        } catch (PermissionException e) {
            event(run, "permission_error", Map.of("message", e.getMessage()));
            finish(
                    job,
                    RunState.REJECTED,
                    new Outcome(NormalizedStatus.FAILED_PERMANENT, "permission_error: " + e.getMessage(), null, null),
                    null,
                    List.of(),
                    null,
                    null,
                    started);
            return;
        }
        if (job.executor.requiresLogin()) {
            ExecutorProbe probe = health.probe(job.adapter.type());
            if (ExecutorProbe.NOT_AUTHENTICATED.equals(probe.loginState())
                    || ExecutorProbe.NOT_DETECTED.equals(probe.loginState())) {
                boolean missing = ExecutorProbe.NOT_DETECTED.equals(probe.loginState());
                event(
                        run,
                        "preflight_failed",
                        Map.of("login_state", probe.loginState(), "message", probe.loginDetail()));
                finish(
                        job,
                        missing ? RunState.FAILED_PERMANENT : RunState.COMPLETED,
                        new Outcome(
                                missing ? NormalizedStatus.FAILED_PERMANENT : NormalizedStatus.AUTH_REQUIRED,
                                missing
                                        ? "Executor binary not found."
                                        : "Executor is not logged in: " + probe.loginDetail(),
                                null,
                                null),
                        null,
                        List.of(),
                        null,
                        null,
                        started);
                return;
            }
        }

        ArtifactSnapshot before = ArtifactSnapshot.take(job.workdir.hostPath());
        AgentOutputParser parser = job.adapter.newParser(job.task);
        OutputTail stdoutTail = new OutputTail();
        OutputTail stderrTail = new OutputTail();
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PRAETOR_RUN_ID", run.runId());
        env.put("PRAETOR_EXECUTOR", job.adapter.type());
        env.put("PRAETOR_HOST_WORKDIR", job.workdir.hostPath().toString());
        env.put("PWD", job.workdir.hostPath().toString());
        ProcessSpec spec = ProcessSpec.builder(job.adapter.command(job.executor, job.task))
                .workingDirectory(job.workdir.hostPath())
                .inheritedEnvironment(job.adapter.inheritedEnvironment())
                .environment(env)
                .stdin(job.task.prompt().getBytes(StandardCharsets.UTF_8))
                .timeout(Duration.ofSeconds(job.timeoutSeconds))
                .maxOutputBytes(MAX_OUTPUT_BYTES)
                .build();
        ProcessExecution execution;
        synchronized (job) {
            if (job.cancelRequested) {
                finish(
                        job,
                        RunState.CANCELLED,
                        new Outcome(NormalizedStatus.CANCELLED, null, null, null),
                        null,
                        List.of(),
                        null,
                        null,
                        started);
                return;
            }
            try {
                execution = runner.start(spec, (stream, line) -> {
                    if (stream == ProcessStream.STDOUT) {
                        stdoutTail.add(line);
                        store.appendLog(run.runId(), "stdout", line);
                        for (ParsedEvent e : parser.onStdoutLine(line)) {
                            event(run, e.type(), e.data());
                        }
                    } else {
                        stderrTail.add(line);
                        store.appendLog(run.runId(), "stderr", line);
                        parser.onStderrLine(line);
                        event(run, "stderr", Map.of("line", line));
                    }
                });
            } catch (ProcessStartException e) {
                event(run, "start_failed", Map.of("message", "The executor binary could not be started."));
                finish(
                        job,
                        RunState.FAILED_PERMANENT,
                        new Outcome(
                                NormalizedStatus.FAILED_PERMANENT,
                                "The executor binary could not be started.",
                                null,
                                null),
                        null,
                        List.of(),
                        null,
                        null,
                        started);
                return;
            }
            job.execution = execution;
            writeProcessFile(run.runId(), execution.pid());
            transition(run, RunState.RUNNING);
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("executor", job.adapter.type());
            data.put("pid", execution.pid());
            event(run, "run_started", data);
        }

        ProcessResult result;
        try {
            result = execution.await();
        } catch (InterruptedException e) {
            execution.cancel();
            Thread.currentThread().interrupt();
            return;
        }
        deleteProcessFile(run.runId());
        if (!job.cancelRequested) {
            transition(run, RunState.COLLECTING);
        }
        ArtifactSnapshot after = ArtifactSnapshot.take(job.workdir.hostPath());
        ArtifactSnapshot.Diff diff = before.diff(after);
        Map<String, Object> artifacts = new LinkedHashMap<>();
        artifacts.put("created", diff.created());
        artifacts.put("modified", diff.modified());
        artifacts.put("deleted", diff.deleted());
        Map<String, Object> expected = new LinkedHashMap<>();
        for (Path p : job.expectedOutputs) {
            expected.put(p.toString(), Files.isRegularFile(p));
        }
        artifacts.put("expected_outputs", expected);
        artifacts.put("snapshot_truncated", before.truncated() || after.truncated());
        event(run, "artifacts", artifacts);
        List<String> changed = diff.all().stream()
                .map(rel -> job.workdir.hostPath().resolve(rel).toString())
                .toList();

        if (!job.cancelRequested) {
            transition(run, RunState.NORMALIZING);
        }
        Outcome outcome;
        RunState finalState;
        if (job.cancelRequested) {
            outcome = new Outcome(NormalizedStatus.CANCELLED, null, null, null);
            finalState = RunState.CANCELLED;
        } else if (result.termination() == Termination.TIMED_OUT) {
            outcome = new Outcome(
                    NormalizedStatus.FAILED_TRANSIENT,
                    "Timed out after " + job.timeoutSeconds + " s; the process tree was killed.",
                    null,
                    null);
            finalState = RunState.FAILED_TRANSIENT;
        } else {
            outcome = parser.finish(result.exitCode());
            finalState = switch (outcome.status()) {
                case FAILED_TRANSIENT -> RunState.FAILED_TRANSIENT;
                case FAILED_PERMANENT -> RunState.FAILED_PERMANENT;
                case CANCELLED -> RunState.CANCELLED;
                default -> RunState.COMPLETED;
            };
        }
        Map<String, Object> finished = new LinkedHashMap<>();
        finished.put("exit_code", result.exitCode());
        finished.put("termination", result.termination().name().toLowerCase());
        finished.put("stray_processes_killed", result.strayProcessesKilled());
        finished.put("output_truncated", result.truncated());
        event(run, "process_exited", finished);
        finish(job, finalState, outcome, result.exitCode(), changed, stdoutTail.value(), stderrTail.value(), started);
    }

    private void finish(
            Job job,
            RunState state,
            Outcome outcome,
            Integer exitCode,
            List<String> changed,
            String outTail,
            String errTail,
            long startedNanos) {
        Run run = job.run;
        long duration = (System.nanoTime() - startedNanos) / 1_000_000;
        run.finish(
                state,
                outcome.status(),
                outcome.pauseReason(),
                exitCode,
                changed,
                outTail,
                errTail,
                duration,
                outcome.usage());
        statusEvent(run);
        store.save(run);
    }

    private void statusEvent(Run run) {
        Map<String, Object> record = run.record();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("status", record.get("normalized_status"));
        data.put("run_status", record.get("status"));
        data.put("pause_reason", record.get("pause_reason"));
        data.put("requires_owner_action", record.get("requires_owner_action"));
        event(run, Run.FINAL_EVENT, data);
    }

    private void transition(Run run, RunState next) {
        RunState previous = run.state();
        run.state(next);
        store.save(run);
        event(run, "status_changed", Map.of("from", previous.wire(), "to", next.wire()));
    }

    private void event(Run run, String type, Map<String, Object> data) {
        store.appendEvent(run.append(type, data));
    }

    /** The running process's pid and start time, so a restarted bridge can kill a tree a crash left behind. */
    private void writeProcessFile(String runId, long pid) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("pid", pid);
        ProcessHandle.of(pid)
                .flatMap(h -> h.info().startInstant())
                .ifPresent(start -> info.put("start", start.toString()));
        try {
            store.writePrivate(runId, "process.json", json.writeValueAsBytes(info));
        } catch (IOException e) {
            // without it a crash leaves the tree to the operator; the run itself goes on
        }
    }

    private void deleteProcessFile(String runId) {
        store.deletePrivate(runId, "process.json");
    }

    private boolean killLeftover(String runId) {
        byte[] bytes = store.readPrivate(runId, "process.json");
        if (bytes == null) {
            return false;
        }
        try {
            Map<?, ?> info = json.readValue(bytes, Map.class);
            long pid = ((Number) info.get("pid")).longValue();
            Object start = info.get("start");
            ProcessHandle handle = ProcessHandle.of(pid).orElse(null);
            if (handle == null
                    || start == null
                    || handle.info()
                            .startInstant()
                            .map(Instant::toString)
                            .filter(start::equals)
                            .isEmpty()) {
                return false; // gone, or the pid now belongs to another process
            }
            handle.descendants().forEach(ProcessHandle::destroyForcibly);
            handle.destroyForcibly();
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        } finally {
            store.deletePrivate(runId, "process.json");
        }
    }

    /** Stops accepting runs, kills every running process tree, and fails the unfinished runs honestly. */
    @Override
    public void close() {
        closed = true;
        workers.shutdownNow();
        for (Job job : jobs.values()) {
            ProcessExecution execution = job.execution;
            if (execution != null) {
                execution.cancel();
            }
        }
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Job job : jobs.values()) {
            Run run = job.run;
            if (!run.state().terminal()) {
                String reason = "The bridge stopped while this run was "
                        + (run.state().active() ? "active; its process tree was killed." : "queued; it never ran.");
                event(
                        run,
                        "run_interrupted",
                        Map.of("previous_status", run.state().wire(), "message", reason));
                run.finish(
                        RunState.FAILED_TRANSIENT,
                        NormalizedStatus.FAILED_TRANSIENT,
                        reason,
                        null,
                        List.of(),
                        null,
                        null,
                        0,
                        null);
                statusEvent(run);
                store.save(run);
            }
        }
        jobs.clear();
    }
}

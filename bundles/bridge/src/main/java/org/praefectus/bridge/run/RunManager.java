package org.praefectus.bridge.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.adapter.AgentTask;
import org.praefectus.bridge.adapter.GenericProbe;
import org.praefectus.bridge.adapter.NormalizedStatus;
import org.praefectus.bridge.adapter.Outcome;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.paths.MappedWorkdir;
import org.praefectus.bridge.paths.PathMapper;
import org.praefectus.bridge.paths.PermissionException;
import org.praefectus.bridge.process.ChildSubreaper;
import org.praefectus.bridge.process.RunProcesses;
import org.praefectus.plugins.process.ProcessExecution;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * The runs of one bridge: accepts and validates them, keeps them in one FIFO queue, starts at most
 * {@code max_concurrent_runs} at once (each run's lifecycle is {@link RunLifecycle}), cancels, sends
 * heartbeats for quiet runs, pages events from memory or disk, applies log retention, and recovers
 * honestly after a restart.
 */
public final class RunManager implements AutoCloseable {

    private final RunIds ids = new RunIds(new SecureRandom());

    private final BridgeSettings settings;
    private final Map<String, AgentAdapter> adapters;
    private final RunStore store;
    private final RunJournal journal;
    private final PathMapper paths;
    private final RunLimits limits;
    private final RunLifecycle lifecycle;
    private final LogRetention retention;
    private final ThreadPoolExecutor workers;
    private final ScheduledExecutorService heartbeats;
    private final Map<String, QueuedRun> jobs = new ConcurrentHashMap<>();
    /** The FIFO queue; a worker takes its head and numbers it under this queue's lock. */
    private final ArrayDeque<QueuedRun> pending = new ArrayDeque<>();

    private long dequeued;
    private final ObjectMapper json = new ObjectMapper();
    private volatile boolean closed;

    public RunManager(
            BridgeSettings settings,
            Map<String, AgentAdapter> adapters,
            ProcessRunner runner,
            RunStore store,
            ExecutorHealth health,
            RunLimits limits,
            RunPolicy policy) {
        this.settings = settings;
        this.adapters = Map.copyOf(adapters);
        this.store = store;
        this.journal = new RunJournal(store);
        this.paths = new PathMapper(settings.paths(), List.of(store.logDir()));
        this.limits = limits;
        this.lifecycle = new RunLifecycle(runner, journal, paths, health, limits, policy);
        this.retention = new LogRetention(store, limits.retention(), limits.maxLogBytes());
        int slots = settings.runtime().maxConcurrentRuns();
        AtomicInteger threadNumber = new AtomicInteger();
        this.workers =
                new ThreadPoolExecutor(slots, slots, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "praefectus-bridge-run-" + threadNumber.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        this.heartbeats = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "praefectus-bridge-heartbeat");
            t.setDaemon(true);
            return t;
        });
        ChildSubreaper.enable(); // once per JVM; without it orphans are still found by their run marker
        long every = Math.max(100, limits.heartbeat().toMillis() / 4);
        // no need to keep the future: close() ends the schedule with the executor
        var unused = heartbeats.scheduleWithFixedDelay(this::heartbeat, every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * Loads persisted run records (not their events). A run that was queued or active when the bridge
     * stopped is failed honestly: its process tree, if it still exists, is killed, and it is never reported
     * completed. Then the retention policy runs.
     */
    public int recover() throws IOException {
        int interrupted = 0;
        for (Run run : store.load(settings.runtime().maxEventBuffer(), limits.memoryEventBytes())) {
            RunState state = run.state();
            if (state.terminal()) {
                continue;
            }
            boolean killed = LeftoverProcess.kill(store, run.runId());
            killed |= RunProcesses.kill(run.runId(), Set.of()) > 0; // descendants that left the session
            List<String> changed = LeftoverProcess.changedSince(store, run);
            String reason = state.active()
                    ? "The bridge stopped while this run was active; its process is gone"
                            + (killed ? " (the leftover process tree was killed)." : ".")
                    : "The bridge stopped before this run started; it never ran.";
            journal.event(run, "run_interrupted", Map.of("previous_status", state.wire(), "message", reason));
            journal.conclude(
                    run,
                    RunState.FAILED_TRANSIENT,
                    new Outcome(NormalizedStatus.FAILED_TRANSIENT, reason, null, null),
                    null,
                    changed,
                    null,
                    null,
                    0);
            interrupted++;
        }
        retention.apply();
        return interrupted;
    }

    /**
     * Validates and queues a run; refusals are {@link ApiException}s with the contract's codes.
     *
     * @param warnings what the request carried that this bridge ignores (unknown task_spec fields)
     */
    public Run submit(CreateRunRequest request, List<String> warnings) throws ApiException {
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
        if (!GenericProbe.available(executor.command())) {
            throw new ApiException(400, "executor_not_available", "Executor binary not found: " + request.executor());
        }
        if (request.timeoutSeconds() < 1 || request.timeoutSeconds() > limits.maxTimeoutSeconds()) {
            throw new ApiException(400, "validation_error", limits.timeoutRefusal());
        }
        CreateRunRequest.PathMapping mapping = request.pathMapping();
        CreateRunRequest.TaskSpec spec = request.taskSpec();
        MappedWorkdir workdir;
        List<Path> inputs = new ArrayList<>();
        List<Path> outputs = new ArrayList<>();
        List<String> unchecked = new ArrayList<>();
        try {
            workdir = paths.mapWorkdir(
                    mapping.containerWorkspaceRoot(), mapping.hostWorkspaceRoot(), mapping.targetWorkdir());
            for (String f : spec.inputFiles()) {
                inputs.add(paths.mapRunFile(mapping.containerWorkspaceRoot(), workdir, f));
            }
        } catch (PermissionException e) {
            throw new ApiException(400, "permission_error", e.getMessage());
        }
        for (String f : spec.expectedOutputs()) {
            Optional<Path> mapped = paths.expectedOutput(mapping.containerWorkspaceRoot(), workdir, f);
            mapped.ifPresentOrElse(outputs::add, () -> unchecked.add(f));
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
        byte[] generic = adapter.isNativeCommand(executor.command()) ? null : genericPayload(request);

        Run run;
        synchronized (ids) { // the id is checked and taken at once: two requests never share one
            String fresh = ids.next(store::exists);
            run = new Run(
                    fresh,
                    request.requestId(),
                    request.missionId(),
                    request.taskId(),
                    request.executor(),
                    Instant.now().toString(),
                    workdir.hostPath().toString(),
                    RunState.ACCEPTED,
                    settings.runtime().maxEventBuffer(),
                    limits.memoryEventBytes());
            store.add(run);
        }
        String runId = run.runId();
        Map<String, Object> accepted = new LinkedHashMap<>();
        accepted.put("status", RunState.ACCEPTED.wire());
        accepted.put("executor", request.executor());
        if (!warnings.isEmpty()) {
            accepted.put("warnings", warnings);
        }
        if (!unchecked.isEmpty()) {
            accepted.put("unchecked_outputs", unchecked);
        }
        journal.event(run, "run_accepted", accepted);
        journal.transition(run, RunState.VALIDATING);
        QueuedRun job = new QueuedRun(
                run, adapter, executor, task, workdir, outputs, unchecked, request.timeoutSeconds(), generic);
        jobs.put(runId, job);
        synchronized (pending) {
            // queued state and queue position are taken together: the queue order is the order runs became queued
            journal.transition(run, RunState.QUEUED);
            pending.add(job);
        }
        workers.execute(this::startNext); // one task per job: every queued job is taken exactly once
        return run;
    }

    public Run submit(CreateRunRequest request) throws ApiException {
        return submit(request, List.of());
    }

    /** The JSON task a non-native command reads on stdin, field for field as Praetor's reference bridge. */
    private byte[] genericPayload(CreateRunRequest request) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("request_id", request.requestId());
        payload.put("mission_id", request.missionId());
        payload.put("task_id", request.taskId());
        payload.put("task_spec", request.taskSpec());
        payload.put("path_mapping", request.pathMapping());
        try {
            return json.writeValueAsBytes(payload);
        } catch (IOException e) {
            throw new IllegalStateException("the request was parsed from JSON, so it writes as JSON", e);
        }
    }

    public Run get(String runId) {
        return store.get(runId);
    }

    /** Where the bridge's own failures are written. */
    public ErrorLog errors() {
        return store.errors();
    }

    /** Whether a run could be recorded now (the log folder exists and takes a file); logged when not. */
    public boolean logFolderWritable() {
        return store.writable();
    }

    /** A page of events after {@code afterSeq}: from memory when it still holds them, else from disk. */
    public EventPage events(Run run, long afterSeq, int limit, long maxBytes) {
        List<RunEvent> buffered = run.bufferedAfter(afterSeq, limit, maxBytes);
        if (buffered == null) {
            return store.readEvents(run.runId(), afterSeq, limit, maxBytes, run.nextSeq());
        }
        long next = buffered.isEmpty()
                ? afterSeq + 1
                : buffered.get(buffered.size() - 1).seq() + 1;
        boolean more = !buffered.isEmpty() && next < run.nextSeq();
        return new EventPage(buffered, next, more, 0);
    }

    /** Runs waiting for a slot. */
    public int queuedRuns() {
        synchronized (pending) {
            return pending.size();
        }
    }

    /** The answer to a cancel request (seed §11.6). */
    public enum CancelResult {
        ACCEPTED,
        ALREADY_FINISHED,
        NOT_CANCELLABLE;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Cancels a run: a queued one at once; a running one by SIGTERM to its process tree, then, after the
     * grace period, SIGKILL to the whole tree through the process runner.
     */
    public CancelResult cancel(String runId) {
        Run run = store.get(runId);
        QueuedRun job = jobs.get(runId);
        if (run == null || run.state().terminal() || job == null) {
            return CancelResult.ALREADY_FINISHED;
        }
        synchronized (job) {
            RunState state = run.state();
            if (state.terminal()) {
                return CancelResult.ALREADY_FINISHED;
            }
            if (state == RunState.CANCELLING || job.cancelRequested) {
                return CancelResult.ACCEPTED;
            }
            if (state == RunState.ACCEPTED || state == RunState.VALIDATING || state == RunState.QUEUED) {
                job.cancelRequested = true;
                journal.transition(run, RunState.CANCELLING);
                journal.conclude(run, RunState.CANCELLED, new Outcome(NormalizedStatus.CANCELLED, null, null, null));
                return CancelResult.ACCEPTED;
            }
            if (state == RunState.STARTING || state == RunState.RUNNING) {
                job.cancelRequested = true;
                journal.transition(run, RunState.CANCELLING);
                ProcessExecution execution = job.execution;
                if (execution != null) {
                    terminateGracefully(execution);
                }
                return CancelResult.ACCEPTED;
            }
            return CancelResult.NOT_CANCELLABLE; // collecting or normalizing: the process has already ended
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
                        execution
                                .completion()
                                .toCompletableFuture()
                                .get(limits.cancelGrace().toMillis(), TimeUnit.MILLISECONDS);
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
        QueuedRun job;
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
                journal.event(job.run, "run_dequeued", Map.of("queue_order", ++dequeued));
                journal.transition(job.run, RunState.STARTING);
            }
        }
        execute(job);
    }

    private void execute(QueuedRun job) {
        Run run = job.run;
        try {
            lifecycle.run(job);
        } catch (RuntimeException e) {
            store.errors().error(run.runId(), "the bridge failed while running this run", e);
            if (!run.state().terminal()) {
                try {
                    journal.conclude(
                            run,
                            RunState.FAILED_TRANSIENT,
                            new Outcome(
                                    NormalizedStatus.FAILED_TRANSIENT,
                                    "The bridge failed while running this run: "
                                            + e.getClass().getSimpleName(),
                                    null,
                                    null));
                } catch (RuntimeException unrecorded) {
                    store.errors().error(run.runId(), "cannot record the run's failure", unrecorded);
                }
            }
        } finally {
            // a run interrupted by close() is left to close(), which reports it honestly (run_interrupted)
            if (!closed || run.state().terminal()) {
                jobs.remove(run.runId());
            }
        }
        if (!closed) {
            retention.applyNowAndThen();
        }
    }

    /** A failure must not end the schedule (a scheduled task that throws is never run again). */
    private void heartbeat() {
        try {
            heartbeatOnce();
        } catch (RuntimeException e) {
            store.errors().error(null, "the heartbeat failed", e);
        }
    }

    /** Seed §13.1: a run that has been quiet for the heartbeat interval gets a heartbeat event. */
    private void heartbeatOnce() {
        Set<Long> roots = new HashSet<>();
        for (QueuedRun job : jobs.values()) {
            ProcessExecution execution = job.execution;
            if (execution != null) {
                roots.add(execution.pid());
            }
        }
        RunProcesses.reapAdopted(roots);
        long now = System.nanoTime();
        for (QueuedRun job : jobs.values()) {
            Run run = job.run;
            if (run.state() != RunState.RUNNING) {
                continue;
            }
            long quiet = now - run.lastEventNanos();
            if (quiet >= limits.heartbeat().toNanos()) {
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("status", RunState.RUNNING.wire());
                data.put("quiet_ms", quiet / 1_000_000);
                journal.event(run, "heartbeat", data);
            }
        }
    }

    /** Stops accepting runs, kills every running process tree, and fails the unfinished runs honestly. */
    @Override
    public void close() {
        closed = true;
        heartbeats.shutdownNow();
        workers.shutdownNow();
        for (QueuedRun job : jobs.values()) {
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
        for (QueuedRun job : jobs.values()) {
            Run run = job.run;
            if (!run.state().terminal()) {
                String reason = "The bridge stopped while this run was "
                        + (run.state().active() ? "active; its process tree was killed." : "queued; it never ran.");
                journal.event(
                        run,
                        "run_interrupted",
                        Map.of("previous_status", run.state().wire(), "message", reason));
                journal.conclude(
                        run,
                        RunState.FAILED_TRANSIENT,
                        new Outcome(NormalizedStatus.FAILED_TRANSIENT, reason, null, null));
            }
        }
        jobs.clear();
    }
}

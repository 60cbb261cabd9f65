package org.praefectus.bridge.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.bridge.adapter.AgentOutputParser;
import org.praefectus.bridge.adapter.ExecutorProbe;
import org.praefectus.bridge.adapter.GenericOutputParser;
import org.praefectus.bridge.adapter.JsonLines;
import org.praefectus.bridge.adapter.NormalizedStatus;
import org.praefectus.bridge.adapter.Outcome;
import org.praefectus.bridge.adapter.ParsedEvent;
import org.praefectus.bridge.paths.PathMapper;
import org.praefectus.bridge.paths.PermissionException;
import org.praefectus.bridge.process.RunProcesses;
import org.praefectus.plugins.process.OutputListener;
import org.praefectus.plugins.process.ProcessExecution;
import org.praefectus.plugins.process.ProcessResult;
import org.praefectus.plugins.process.ProcessRunner;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.process.ProcessStartException;
import org.praefectus.plugins.process.ProcessStream;
import org.praefectus.plugins.process.Termination;

/**
 * One run from leaving the queue to its final event: re-check the workdir, the login pre-flight, the
 * snapshot before, the process (its output to events and the run log, prompts detected and the tree
 * killed for them), the snapshot after, and the classification into a normalized status.
 */
final class RunLifecycle {

    /** The workdir snapshot taken before the process, kept until the run ends (a restart diffs against it). */
    static final String SNAPSHOT_FILE = "snapshot.json";

    /** What the runner keeps of each stream in memory; the whole output goes to the run log. */
    private static final int CAPTURE_BYTES = 1_048_576;

    private final ProcessRunner runner;
    private final RunJournal journal;
    private final PathMapper paths;
    private final ExecutorHealth health;
    private final RunLimits limits;
    private final RunPolicy policy;
    private final MissionBaselines baselines;
    private final ObjectMapper json = new ObjectMapper();

    RunLifecycle(
            ProcessRunner runner,
            RunJournal journal,
            PathMapper paths,
            ExecutorHealth health,
            RunLimits limits,
            RunPolicy policy) {
        this.policy = policy;
        this.baselines = new MissionBaselines(journal.store().logDir());
        this.runner = runner;
        this.journal = journal;
        this.paths = paths;
        this.health = health;
        this.limits = limits;
    }

    void run(QueuedRun job) {
        long started = System.nanoTime();
        if (!workdirUnchanged(job) || !loggedIn(job)) {
            return;
        }
        ArtifactSnapshot before = ArtifactSnapshot.take(
                job.workdir.hostPath(), List.of(journal.store().logDir()));
        try {
            journal.store().writePrivate(job.run.runId(), SNAPSHOT_FILE, json.writeValueAsBytes(before));
        } catch (IOException e) {
            // without it a crash cannot report what changed; the run itself goes on
            journal.store().errors().error(job.run.runId(), "cannot write " + SNAPSHOT_FILE, e);
        }
        Set<String> protectedFiles = protectedFiles(job, before);
        AgentOutputParser parser = job.nativeCli() ? job.adapter.newParser(job.task) : new GenericOutputParser();
        OutputTail stdoutTail = new OutputTail();
        OutputTail stderrTail = new OutputTail();
        ProcessExecution execution = launch(job, parser, stdoutTail, stderrTail);
        if (execution == null) {
            return;
        }
        ProcessResult result;
        try {
            result = execution.await();
        } catch (InterruptedException e) {
            execution.cancel();
            Thread.currentThread().interrupt();
            return;
        }
        // the root has ended and the runner has killed its session: now its descendants that left the session
        int orphans = RunProcesses.kill(job.run.runId(), Set.of());
        journal.store().deletePrivate(job.run.runId(), "process.json");
        if (!job.cancelRequested) {
            journal.transition(job.run, RunState.COLLECTING);
        }
        ArtifactSnapshot after = ArtifactSnapshot.take(
                job.workdir.hostPath(), List.of(journal.store().logDir()));
        ArtifactSnapshot.Diff diff = before.diff(after);
        List<String> changed = artifacts(job, before.truncated() || after.truncated(), diff);
        journal.store().deletePrivate(job.run.runId(), SNAPSHOT_FILE); // the diff is taken: a restart needs it no more
        if (!job.cancelRequested) {
            journal.transition(job.run, RunState.NORMALIZING);
        }
        Outcome outcome = classify(job, parser, result, protectedFiles, diff);
        Map<String, Object> exited = new LinkedHashMap<>();
        exited.put("exit_code", result.exitCode());
        exited.put("termination", result.termination().name().toLowerCase(Locale.ROOT));
        exited.put("stray_processes_killed", result.strayProcessesKilled() + orphans);
        exited.put("orphans_killed", orphans);
        exited.put("output_truncated", result.truncated());
        journal.event(job.run, "process_exited", exited);
        String tail = outcome.finalMessage() != null ? OutputTail.last(outcome.finalMessage()) : stdoutTail.value();
        journal.conclude(
                job.run,
                finalState(outcome.status()),
                outcome,
                result.exitCode(),
                changed,
                tail,
                stderrTail.value(),
                (System.nanoTime() - started) / 1_000_000);
    }

    private boolean workdirUnchanged(QueuedRun job) {
        try {
            paths.revalidate(job.workdir);
            return true;
        } catch (PermissionException e) {
            journal.event(job.run, "permission_error", Map.of("message", e.getMessage()));
            journal.conclude(
                    job.run,
                    RunState.REJECTED,
                    new Outcome(NormalizedStatus.FAILED_PERMANENT, "permission_error: " + e.getMessage(), null, null));
            return false;
        }
    }

    private boolean loggedIn(QueuedRun job) {
        if (!job.executor.requiresLogin() || !job.nativeCli()) {
            return true;
        }
        ExecutorProbe probe = health.probe(job.adapter.type());
        String state = probe.loginState();
        if (!ExecutorProbe.NOT_AUTHENTICATED.equals(state) && !ExecutorProbe.NOT_DETECTED.equals(state)) {
            return true;
        }
        boolean missing = ExecutorProbe.NOT_DETECTED.equals(state);
        journal.event(job.run, "preflight_failed", Map.of("login_state", state, "message", probe.loginDetail()));
        journal.conclude(
                job.run,
                missing ? RunState.FAILED_PERMANENT : RunState.COMPLETED,
                new Outcome(
                        missing ? NormalizedStatus.FAILED_PERMANENT : NormalizedStatus.AUTH_REQUIRED,
                        missing ? "Executor binary not found." : "Executor is not logged in: " + probe.loginDetail(),
                        null,
                        null));
        return false;
    }

    /** Starts the process; null when the run ended instead (cancelled first, or the binary would not start). */
    private ProcessExecution launch(
            QueuedRun job, AgentOutputParser parser, OutputTail stdoutTail, OutputTail stderrTail) {
        Run run = job.run;
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PRAETOR_RUN_ID", run.runId());
        env.put("PRAETOR_MISSION_ID", run.missionId());
        env.put("PRAETOR_TASK_ID", run.taskId());
        env.put("PRAETOR_EXECUTOR", job.adapter.type());
        env.put("PRAETOR_HOST_WORKDIR", job.workdir.hostPath().toString());
        env.put("PWD", job.workdir.hostPath().toString());
        List<String> argv = job.nativeCli() ? job.adapter.command(job.executor, job.task) : commandAsConfigured(job);
        byte[] stdin = job.nativeCli() ? job.task.prompt().getBytes(StandardCharsets.UTF_8) : job.genericPayload;
        ProcessSpec spec = ProcessSpec.builder(argv)
                .workingDirectory(job.workdir.hostPath())
                .inheritedEnvironment(job.adapter.environment(policy.passApiKeys()))
                .environment(env)
                .stdin(stdin)
                .timeout(Duration.ofSeconds(job.timeoutSeconds))
                .maxOutputBytes(CAPTURE_BYTES)
                .build();
        synchronized (job) {
            if (job.cancelRequested) {
                journal.conclude(run, RunState.CANCELLED, new Outcome(NormalizedStatus.CANCELLED, null, null, null));
                return null;
            }
            ProcessExecution execution;
            try {
                execution = runner.start(spec, new OutputListener() {
                    @Override
                    public void onLine(ProcessStream stream, String line) {
                        RunLifecycle.this.onLine(job, parser, stream, line, stdoutTail, stderrTail);
                    }

                    @Override
                    public void onPartialLine(ProcessStream stream, String partial) {
                        // a question printed without a newline, the CLI waiting for the answer
                        PromptDetector.atEndOf(partial, stream == ProcessStream.STDOUT ? "stdout" : "stderr")
                                .ifPresent(p -> stopAtPrompt(job, p));
                    }
                });
            } catch (ProcessStartException e) {
                String message = "The executor binary could not be started.";
                journal.event(run, "start_failed", Map.of("message", message));
                journal.conclude(
                        run,
                        RunState.FAILED_PERMANENT,
                        new Outcome(NormalizedStatus.FAILED_PERMANENT, message, null, null));
                return null;
            }
            job.execution = execution;
            writeProcessFile(run.runId(), execution.pid());
            journal.transition(run, RunState.RUNNING);
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("executor", job.adapter.type());
            data.put("pid", execution.pid());
            data.put("native_cli", job.nativeCli());
            journal.event(run, "run_started", data);
            run.launchLog(runLog(job, argv, env, spec));
            return execution;
        }
    }

    /** A command that is not the native CLI gets its configured argv only, as Praetor's reference bridge. */
    private static List<String> commandAsConfigured(QueuedRun job) {
        List<String> argv = new ArrayList<>();
        argv.add(job.executor.command());
        argv.addAll(job.executor.args());
        return argv;
    }

    private void onLine(
            QueuedRun job,
            AgentOutputParser parser,
            ProcessStream stream,
            String line,
            OutputTail stdoutTail,
            OutputTail stderrTail) {
        Run run = job.run;
        boolean stdout = stream == ProcessStream.STDOUT;
        long offset = journal.store().appendLog(run.runId(), stdout ? "stdout" : "stderr", line);
        Optional<DetectedPrompt> prompt = PromptDetector.inText(line, stdout ? "stdout" : "stderr");
        if (stdout) {
            if (!JsonLines.startsLikeJson(line)) {
                stdoutTail.add(line);
            }
            for (ParsedEvent e : parser.onStdoutLine(line)) {
                if ("stdout".equals(e.type())) {
                    journal.event(run, "stdout", outputData(line, offset));
                } else {
                    journal.event(run, e.type(), e.data());
                    if (prompt.isEmpty()) {
                        prompt = PromptDetector.inEvent(e);
                    }
                }
            }
        } else {
            stderrTail.add(line);
            parser.onStderrLine(line);
            journal.event(run, "stderr", outputData(line, offset));
        }
        prompt.ifPresent(p -> stopAtPrompt(job, p));
    }

    /** The line, cut at the event size cap with a marker; the whole line stays in the run log at {@code offset}. */
    private Map<String, Object> outputData(String line, long offset) {
        Map<String, Object> data = new LinkedHashMap<>();
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= limits.maxEventBytes()) {
            data.put("line", line);
            return data;
        }
        String cut = new String(bytes, 0, limits.maxEventBytes(), StandardCharsets.UTF_8);
        if (!cut.isEmpty() && cut.charAt(cut.length() - 1) == '\uFFFD') {
            cut = cut.substring(0, cut.length() - 1); // a character cut in half
        }
        data.put("line", cut);
        data.put("truncated", true);
        data.put("line_bytes", bytes.length);
        if (offset >= 0) {
            data.put("log_offset", offset);
        }
        return data;
    }

    /** A CLI waiting for an answer: the event says what it asked, and its tree is killed at once. */
    private void stopAtPrompt(QueuedRun job, DetectedPrompt prompt) {
        synchronized (job) {
            if (job.prompt != null || job.cancelRequested) {
                return;
            }
            job.prompt = prompt;
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("text", prompt.text());
        data.put("source", prompt.source());
        data.put("status", prompt.status().wire());
        journal.event(job.run, "interactive_prompt", data);
        synchronized (job) {
            // launch() holds this monitor until the execution is known, so a prompt on the first line waits for it
            if (job.execution != null) {
                job.execution.cancel();
            }
        }
    }

    private List<String> artifacts(QueuedRun job, boolean truncated, ArtifactSnapshot.Diff diff) {
        Path workdir = job.workdir.hostPath();
        for (String rel : diff.created()) {
            journal.event(job.run, "artifact_detected", artifact(workdir, rel, "created"));
        }
        for (String rel : diff.modified()) {
            journal.event(job.run, "artifact_detected", artifact(workdir, rel, "modified"));
        }
        for (String rel : diff.deleted()) {
            journal.event(job.run, "artifact_detected", artifact(workdir, rel, "deleted"));
        }
        Map<String, Object> artifacts = new LinkedHashMap<>();
        artifacts.put("created", diff.created());
        artifacts.put("modified", diff.modified());
        artifacts.put("deleted", diff.deleted());
        Map<String, Object> expected = new LinkedHashMap<>();
        for (Path p : job.expectedOutputs) {
            expected.put(p.toString(), Files.isRegularFile(p));
        }
        artifacts.put("expected_outputs", expected);
        artifacts.put("unchecked_outputs", job.uncheckedOutputs);
        artifacts.put("snapshot_truncated", truncated);
        journal.event(job.run, "artifacts", artifacts);
        return diff.all().stream().map(rel -> workdir.resolve(rel).toString()).toList();
    }

    private static Map<String, Object> artifact(Path workdir, String rel, String change) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("path", workdir.resolve(rel).toString());
        data.put("change", change);
        return data;
    }

    private Outcome classify(
            QueuedRun job,
            AgentOutputParser parser,
            ProcessResult result,
            Set<String> protectedFiles,
            ArtifactSnapshot.Diff diff) {
        if (job.cancelRequested) {
            return new Outcome(NormalizedStatus.CANCELLED, null, null, null);
        }
        DetectedPrompt prompt = job.prompt;
        if (prompt != null) {
            return new Outcome(
                    prompt.status(),
                    "The executor stopped at an interactive prompt (its process tree was killed): " + prompt.text(),
                    null,
                    null);
        }
        if (result.termination() == Termination.TIMED_OUT) {
            return new Outcome(
                    NormalizedStatus.FAILED_TRANSIENT,
                    "Timed out after " + job.timeoutSeconds + " s; the process tree was killed.",
                    null,
                    null);
        }
        Outcome outcome = parser.finish(result.exitCode());
        if (outcome.status() == NormalizedStatus.COMPLETED && !job.task.allowDestructiveWrite()) {
            String withheld = DestructiveChanges.describe(job.task, protectedFiles, diff, parser.overwrittenFiles());
            if (withheld != null) {
                return new Outcome(NormalizedStatus.PAUSED_RISK, withheld, outcome.usage(), outcome.finalMessage());
            }
        }
        return outcome;
    }

    /**
     * The files {@code allow_destructive_write: false} protects in this run (the rule is configuration). The
     * mission's baseline is recorded at its first run whatever that run's policy, so a later run of the same
     * mission knows what was there before the mission.
     */
    private Set<String> protectedFiles(QueuedRun job, ArtifactSnapshot before) {
        return switch (policy.destructiveWrites()) {
            case OFF -> Set.of();
            case RUN -> before.files().keySet();
            case MISSION -> {
                try {
                    yield baselines.baseline(job.run.missionId(), job.workdir.hostPath(), before);
                } catch (IOException e) {
                    // without the baseline, the stricter rule: everything that is there now
                    journal.store().errors().error(job.run.runId(), "cannot read or write the mission baseline", e);
                    yield before.files().keySet();
                }
            }
        };
    }

    private static RunState finalState(NormalizedStatus status) {
        return switch (status) {
            case FAILED_TRANSIENT -> RunState.FAILED_TRANSIENT;
            case FAILED_PERMANENT -> RunState.FAILED_PERMANENT;
            case CANCELLED -> RunState.CANCELLED;
            default -> RunState.COMPLETED;
        };
    }

    /** Seed §22: what ran, where, with which environment names (never values, never the prompt). */
    private Map<String, Object> runLog(QueuedRun job, List<String> argv, Map<String, String> env, ProcessSpec spec) {
        Map<String, Object> log = new LinkedHashMap<>();
        Run run = job.run;
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("request_id", run.requestId());
        request.put("mission_id", run.missionId());
        request.put("task_id", run.taskId());
        request.put("executor", run.executor());
        request.put("timeout_seconds", job.timeoutSeconds);
        request.put("title", job.task.title());
        request.put("instructions_chars", job.task.instructions().length());
        request.put(
                "input_files",
                job.task.inputFiles().stream().map(Path::toString).toList());
        request.put(
                "expected_outputs",
                job.expectedOutputs.stream().map(Path::toString).toList());
        request.put("unchecked_outputs", job.uncheckedOutputs);
        request.put("allow_destructive_write", job.task.allowDestructiveWrite());
        request.put("allow_shell", job.task.allowShell());
        log.put("request", request);
        log.put("host_workdir", job.workdir.hostPath().toString());
        log.put("argv", argv);
        log.put("native_cli", job.nativeCli());
        List<String> names = new ArrayList<>(spec.inheritedEnvironment().stream()
                .filter(n -> System.getenv(n) != null)
                .sorted()
                .toList());
        names.addAll(env.keySet());
        log.put("environment_names", names);
        log.put("stdin", job.nativeCli() ? "the task prompt" : "the JSON task payload");
        log.put("started_at", Instant.now().toString());
        return log;
    }

    private void writeProcessFile(String runId, long pid) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("pid", pid);
        ProcessHandle.of(pid)
                .flatMap(h -> h.info().startInstant())
                .ifPresent(start -> info.put("start", start.toString()));
        try {
            journal.store().writePrivate(runId, "process.json", json.writeValueAsBytes(info));
        } catch (IOException e) {
            // without it a crash leaves the tree to the operator; the run itself goes on
            journal.store().errors().error(runId, "cannot write process.json", e);
        }
    }
}

package org.praefectus.workflow.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.StepResult;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.workflow.model.WorkflowFiles;

/**
 * Runs a workflow step by step over the typed desktop service; every input is one signed, fenced, at-most-once
 * operation of the resident host. A run has an id: its journal ({@link RunJournal}) makes running it again after
 * it finished a replay of its recorded terminals, and after the runtime died mid-run a resumption that reconciles
 * the interrupted step by observation before anything is redone ({@link StepExecution}).
 */
public final class WorkflowRunner {

    private final DesktopService desktop;
    private final Supplier<ResidentHost> signer;
    private final RunJournal journal;
    private final Verifier verifier;

    /**
     * @param desktop      the desktop's verbs
     * @param signer       the resident host while one runs, else {@code null} (real inputs are then refused)
     * @param runDirectory where the runs' journals are kept (created private)
     * @param verifyWaitMs how long an observation waits for a step's {@code verify_selector} to match
     */
    public WorkflowRunner(
            DesktopService desktop, Supplier<ResidentHost> signer, java.nio.file.Path runDirectory, long verifyWaitMs) {
        this.desktop = desktop;
        this.signer = signer;
        this.journal = new RunJournal(runDirectory);
        this.verifier = new Verifier(desktop, verifyWaitMs);
    }

    /**
     * Runs {@code workflow} under {@code runId} (a new id when {@code null}), or replays the run's result when it
     * finished before. A dry run signs and dispatches nothing and is not journaled.
     *
     * @throws WorkflowException {@code invalid_run_id}, {@code run_conflict} (the id names a run of another
     *                              workflow), {@code run_journal_unavailable}
     */
    public RunResult run(Workflow workflow, String runId, boolean dryRun, CancellationToken cancellation)
            throws WorkflowException {
        return run(workflow, runId, dryRun, List.of(), cancellation);
    }

    /**
     * Runs {@code replacement} under {@code runId} as the continuation of the failed run {@code failedRun} of
     * {@code failed}: the steps that succeeded are carried ({@link Continuation}), journaled as the new run's first
     * steps before anything runs, and never run again; the replacement runs from the failed step's position on. The
     * same id again replays or resumes the continuation as any run.
     *
     * @throws WorkflowException {@code run_not_failed}, {@code replan_rewrites_done_steps}, or as {@link #run}
     */
    public RunResult continueRun(
            Workflow failed,
            RunResult failedRun,
            Workflow replacement,
            String runId,
            boolean dryRun,
            CancellationToken cancellation)
            throws WorkflowException {
        return run(replacement, runId, dryRun, Continuation.carried(failed, failedRun, replacement), cancellation);
    }

    private RunResult run(
            Workflow workflow, String runId, boolean dryRun, List<StepResult> carried, CancellationToken cancellation)
            throws WorkflowException {
        String id = runId == null ? UUID.randomUUID().toString() : runId;
        if (!RunJournal.validRunId(id)) {
            throw new WorkflowException("invalid_run_id", "a run id is 1-64 letters, digits, '-' or '_'");
        }
        try {
            RunJournal.State state = dryRun ? new RunJournal.State() : journal.read(id);
            String hash = hash(workflow);
            if (state.started() && !state.workflowHash.equals(hash)) {
                throw new WorkflowException("run_conflict", "the run id names a run of another workflow");
            }
            if (state.finished != null) {
                return state.finished.asReplayed();
            }
            if (!state.started()) {
                if (!dryRun) {
                    journal.begin(id, hash);
                }
                for (StepResult done : carried) {
                    if (!dryRun) {
                        journal.step(id, done);
                    }
                    state.steps.put(done.index(), done);
                }
            }
            return execute(workflow, id, dryRun, state, cancellation);
        } catch (IOException e) {
            throw new WorkflowException("run_journal_unavailable", "the run journal cannot be read or written");
        }
    }

    private RunResult execute(
            Workflow workflow, String id, boolean dryRun, RunJournal.State state, CancellationToken cancellation)
            throws IOException {
        List<StepResult> results = new ArrayList<>();
        FailureReport failure = null;
        List<WorkflowStep> steps = workflow.steps();
        for (int index = 0; index < steps.size(); index++) {
            StepResult result = state.steps.get(index);
            if (result == null) {
                StepExecution execution = new StepExecution(
                        desktop,
                        signer.get(),
                        verifier,
                        dryRun ? null : journal,
                        id,
                        index,
                        steps.get(index),
                        dryRun,
                        cancellation);
                result = execution.run(
                        state.attempts.getOrDefault(index, List.of()),
                        state.dispatchingStep == index ? state.dispatchingAttempt : 0);
                if (!dryRun) {
                    journal.step(id, result);
                }
            }
            results.add(result);
            if (!result.ok()) {
                failure = StepExecution.report(result);
                break;
            }
        }
        RunResult run = new RunResult(id, workflow.name(), failure == null, dryRun, false, results, failure);
        if (!dryRun) {
            journal.finished(id, run);
        }
        return run;
    }

    /** The workflow's identity: the SHA-256 of its normalized JSON form. */
    static String hash(Workflow workflow) {
        return Sha256.hex(WorkflowFiles.write(workflow, "json").getBytes(StandardCharsets.UTF_8));
    }

    /** Whether a desktop refusal can change on another attempt (the target may appear or settle). */
    static boolean transientRefusal(DesktopException e) {
        return e.code().equals("target_not_found")
                || e.code().equals("observation_error")
                || e.code().equals("stale_target");
    }
}

package org.praefectus.api.workflow;

import java.nio.file.Path;
import java.util.List;
import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.executor.CancellationToken;

/**
 * PeekabooX's workflows as a typed service (provided by {@code org.praefectus.workflow}): files read and written
 * strictly, runs over the platform's desktop service with per-attempt results, verification and reconciliation
 * of unknown outcomes, and the built-in templates. Surfaces (the CLI, MCP, the daemon's socket) are thin adapters
 * over it; none of them builds another surface's arguments.
 */
@ProviderType
public interface WorkflowService {

    /**
     * Parses and validates a workflow given as text.
     *
     * @param format {@code json} or {@code yaml}; {@code null} detects it (JSON starts with <code>{</code>)
     * @throws WorkflowValidationException the workflow is not valid: the step and the field are named
     */
    Workflow parse(String text, String format) throws WorkflowValidationException;

    /**
     * Reads and validates a workflow file (JSON or YAML by its suffix, else by its text).
     *
     * @throws WorkflowException {@code file_not_found}, {@code file_unreadable}, or {@code invalid_workflow}
     */
    Workflow load(Path file) throws WorkflowException;

    /** The workflow as text in {@code format} ({@code json} or {@code yaml}), absent options left out. */
    String write(Workflow workflow, String format);

    /**
     * Writes the workflow to a new or existing file, JSON or YAML by its suffix (JSON otherwise).
     *
     * @throws WorkflowException {@code file_unwritable}
     */
    void save(Workflow workflow, Path file) throws WorkflowException;

    /**
     * Runs a workflow step by step; every input is one signed, fenced, at-most-once operation of
     * {@code run.signer()}. A run that does not succeed is a result with {@code ok: false} and a failure report.
     *
     * @throws WorkflowException {@code invalid_run_id}, {@code run_conflict}, {@code run_journal_unavailable},
     *                           {@code desktop_unavailable}, {@code state_unavailable}
     */
    RunResult execute(Workflow workflow, WorkflowRun run, CancellationToken cancellation) throws WorkflowException;

    /**
     * Continues a failed run with {@code replacement} (a replan's workflow) as the new run {@code run}, never redoing
     * what the failed run did: the failed run's steps before its failed step succeeded and had their effects, so the
     * replacement must begin with those same steps, unchanged; they are not run again (their results, with the same
     * attempts and operation ids, are carried into the new run, marked {@code carried}), and the replacement runs from
     * the failed step's position on. Whether the failure allows a continuation at all (it proves the failed step had
     * no effect) is the caller's decision ({@link GoalRequest#replannable}).
     *
     * @param failed    the workflow the failed run ran
     * @param failedRun its result ({@code ok: false}, with its failure report)
     * @throws WorkflowException {@code replan_rewrites_done_steps} when the replacement changes, drops or moves a step
     *                           that already succeeded (nothing runs), {@code run_not_failed} when {@code failedRun}
     *                           did not fail, or as {@link #execute}
     */
    RunResult continueRun(
            Workflow failed, RunResult failedRun, Workflow replacement, WorkflowRun run, CancellationToken cancellation)
            throws WorkflowException;

    /** The built-in templates {@code filter} selects, in their fixed order, as listings (without their workflow). */
    List<WorkflowTemplate> templates(TemplateFilter filter);

    /**
     * One built-in template by id (case-insensitive), with its workflow as an object, JSON and YAML.
     *
     * @throws WorkflowException {@code unknown_template}
     */
    WorkflowTemplate template(String id) throws WorkflowException;
}

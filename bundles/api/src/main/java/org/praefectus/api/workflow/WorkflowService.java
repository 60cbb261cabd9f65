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

    /** The built-in templates {@code filter} selects, in their fixed order, as listings (without their workflow). */
    List<WorkflowTemplate> templates(TemplateFilter filter);

    /**
     * One built-in template by id (case-insensitive), with its workflow as an object, JSON and YAML.
     *
     * @throws WorkflowException {@code unknown_template}
     */
    WorkflowTemplate template(String id) throws WorkflowException;
}

package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowRun;
import org.praefectus.api.workflow.WorkflowService;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;

/**
 * PeekabooX's workflow tools as socket methods over the typed {@link WorkflowService}: {@code load_workflow_file}
 * ({@code path}: the workflow read and validated strictly, never run), {@code execute_workflow} (the workflow inline:
 * {@code schema_version}, {@code name}, {@code steps}) and {@code execute_workflow_file} ({@code path}), both with
 * {@code run_id} and {@code dry_run}. A run is signed step by step by the daemon's host behind its gates; its result
 * is the reply's data when it succeeded, else the error {@code workflow_failed} with the result as details (the CLI's
 * {@code workflow replay}). A path is absolute: the daemon's working directory is not its client's.
 */
final class SocketWorkflows {

    static final List<String> METHODS = List.of("load_workflow_file", "execute_workflow", "execute_workflow_file");

    private final WorkflowService workflows;
    private final ResidentHost signer;

    SocketWorkflows(WorkflowService workflows, ResidentHost signer) {
        this.workflows = workflows;
        this.signer = signer;
    }

    Object call(String method, RequestFields fields, CancellationToken cancellation) throws IpcException {
        try {
            if (method.equals("load_workflow_file")) {
                Path file = path(fields, method);
                fields.noneLeft();
                return workflows.load(file);
            }
            String runId = fields.text("run_id");
            boolean dryRun = fields.flag("dry_run");
            Workflow workflow;
            if (method.equals("execute_workflow_file")) {
                Path file = path(fields, method);
                fields.noneLeft();
                workflow = workflows.load(file);
            } else {
                workflow = workflows.parse(inline(fields), "json");
            }
            return run(workflows.execute(workflow, new WorkflowRun(runId, dryRun, signer), cancellation));
        } catch (WorkflowException e) {
            throw failure(e);
        }
    }

    /** The workflow's own fields of an inline request, as the JSON the service reads strictly (an unknown one named). */
    private static String inline(RequestFields fields) throws IpcException {
        ObjectNode workflow = Replies.JSON.createObjectNode();
        for (String name : new String[] {"schema_version", "name", "steps"}) {
            JsonNode value = fields.node(name);
            if (value != null) {
                workflow.set(name, value);
            }
        }
        fields.noneLeft();
        return workflow.toString();
    }

    /** A workflow file's absolute path. */
    static Path path(RequestFields fields, String method) throws IpcException {
        String given = fields.requiredText("path");
        Path file;
        try {
            file = Path.of(given);
        } catch (java.nio.file.InvalidPathException e) {
            throw IpcException.invalid("the field path of " + method + " is not a path");
        }
        if (!file.isAbsolute()) {
            throw IpcException.invalid(
                    "the field path of " + method + " must be absolute (the daemon's working directory is its own)");
        }
        return file;
    }

    private static RunResult run(RunResult result) throws IpcException {
        if (!result.ok()) {
            throw new IpcException(
                    "workflow_failed",
                    "step " + result.failure().failedStep() + " failed: "
                            + result.failure().reason(),
                    result);
        }
        return result;
    }

    /** A service error as the reply's error: {@code invalid_workflow} names the step and the field as details. */
    static IpcException failure(WorkflowException e) {
        if (e instanceof WorkflowValidationException invalid) {
            Map<String, Object> where = new LinkedHashMap<>();
            where.put("step", invalid.step() < 0 ? null : invalid.step());
            where.put("field", invalid.field());
            return new IpcException(e.code(), e.getMessage(), where);
        }
        return new IpcException(e.code(), e.getMessage());
    }

    /** What a workflow is, without a value or selector: its name, step count and actions. */
    static Map<String, Object> summary(Workflow workflow) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", workflow.name());
        body.put("steps", workflow.steps().size());
        body.put(
                "actions",
                workflow.steps().stream().map(WorkflowStep::canonicalAction).toList());
        return body;
    }
}

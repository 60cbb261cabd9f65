package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.workflow.DraftRequest;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowDraft;
import org.praefectus.api.workflow.WorkflowDrafts;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowService;

/**
 * PeekabooX's drafting tools as socket methods over the typed {@link WorkflowDrafts}: {@code plan_workflow}
 * ({@code goal}), {@code generate_workflow} ({@code goal}, {@code refresh_desktop_graph}), {@code refine_workflow}
 * ({@code goal} as the feedback, {@code workflow}), {@code replan_workflow} ({@code goal}, {@code workflow},
 * {@code failure}: the report a run answered), each with {@code format} ({@code json}/{@code yaml}: the draft's text
 * too), answer the validated draft ({@code workflow}, {@code source}, {@code snapshot_id}, {@code name},
 * {@code steps}, {@code actions}); {@code save_generated_workflow} ({@code path} in the host's workflow folder, the
 * given {@code workflow} or a draft for {@code goal}, {@code overwrite}) writes one, {@code save_refined_workflow} the
 * provider's refinement of {@code workflow} for {@code goal}. Which method takes and needs which field is the one rule
 * of {@link DraftRequest} (MCP's too: every method needs its goal, PeekabooX's rule). Nothing here runs a workflow;
 * refining and replanning need the host's {@code WorkflowProvider} ({@code provider_unavailable} without one).
 */
final class SocketDrafts {

    static final List<String> METHODS = DraftRequest.TOOLS;

    private final WorkflowService workflows;
    private final WorkflowDrafts drafts;

    SocketDrafts(WorkflowService workflows, WorkflowDrafts drafts) {
        this.workflows = workflows;
        this.drafts = drafts;
    }

    Object call(String method, RequestFields fields, CancellationToken token) throws IpcException {
        Set<String> accepted = DraftRequest.fields(method);
        String goal = fields.text("goal");
        String format = format(fields);
        boolean refresh = accepted.contains("refresh_desktop_graph") && fields.flag("refresh_desktop_graph");
        String path = accepted.contains("path") ? fields.text("path") : null;
        boolean overwrite = accepted.contains("overwrite") && fields.flag("overwrite");
        try {
            Workflow given = accepted.contains("workflow") ? given(fields) : null;
            FailureReport failure = accepted.contains("failure") ? failure(fields) : null;
            fields.noneLeft();
            DraftRequest request;
            try {
                request = new DraftRequest(method, goal, given, failure, path, refresh);
            } catch (IllegalArgumentException invalid) {
                throw IpcException.invalid(invalid.getMessage());
            }
            WorkflowDraft draft = request.draft(drafts, token);
            if (request.saves()) {
                Workflow saved = request.saved(draft);
                Path file = drafts.save(saved, request.path(), format, overwrite);
                Map<String, Object> body = SocketWorkflows.summary(saved);
                body.put("path", file.toString());
                body.put("source", draft == null ? "given" : draft.source());
                return body;
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("workflow", draft.workflow());
            body.put("source", draft.source());
            body.put("snapshot_id", draft.snapshotId());
            body.putAll(SocketWorkflows.summary(draft.workflow()));
            if (format != null) {
                body.put("text", workflows.write(draft.workflow(), format));
            }
            return body;
        } catch (WorkflowException e) {
            throw SocketWorkflows.failure(e);
        }
    }

    private static String format(RequestFields fields) throws IpcException {
        String format = fields.text("format");
        if (format != null && !format.equals("json") && !format.equals("yaml")) {
            throw IpcException.invalid("the field format is json or yaml");
        }
        return format;
    }

    /** The {@code workflow} field read as strictly as a file ({@code null} when absent). */
    private Workflow given(RequestFields fields) throws IpcException, WorkflowException {
        JsonNode workflow = fields.node("workflow");
        if (workflow == null) {
            return null;
        }
        if (!workflow.isObject()) {
            throw IpcException.invalid("the field workflow must be an object");
        }
        return workflows.parse(workflow.toString(), "json");
    }

    /** The {@code failure} field: the failure report {@code execute_workflow} answered ({@code null} when absent). */
    private static FailureReport failure(RequestFields fields) throws IpcException {
        JsonNode failure = fields.node("failure");
        if (failure == null) {
            return null;
        }
        if (!failure.isObject()) {
            throw IpcException.invalid("the field failure is the run's failure report, an object");
        }
        RequestFields report = new RequestFields("failure", failure);
        Long failedStep = report.integer("failed_step", 0, Integer.MAX_VALUE);
        if (failedStep == null) {
            throw IpcException.invalid("failure.failed_step is required");
        }
        FailureReport read = new FailureReport(
                failedStep.intValue(),
                report.requiredText("action"),
                report.requiredText("reason"),
                report.integer("attempts", 0, 0, Integer.MAX_VALUE),
                report.text("next_action"));
        report.noneLeft();
        return read;
    }
}

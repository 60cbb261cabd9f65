package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.executor.CancellationToken;
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
 * provider's refinement of {@code workflow} for {@code goal}. Nothing here runs a workflow;
 * refining and replanning need the host's {@code WorkflowProvider} ({@code provider_unavailable} without one).
 */
final class SocketDrafts {

    static final List<String> METHODS = List.of(
            "plan_workflow",
            "generate_workflow",
            "save_generated_workflow",
            "refine_workflow",
            "save_refined_workflow",
            "replan_workflow");

    private final WorkflowService workflows;
    private final WorkflowDrafts drafts;

    SocketDrafts(WorkflowService workflows, WorkflowDrafts drafts) {
        this.workflows = workflows;
        this.drafts = drafts;
    }

    Object call(String method, RequestFields fields, CancellationToken token) throws IpcException {
        boolean saving = method.equals("save_generated_workflow") || method.equals("save_refined_workflow");
        String goal = method.equals("save_generated_workflow") || method.equals("refine_workflow")
                ? fields.text("goal")
                : fields.requiredText("goal");
        String format = format(fields);
        boolean refresh = !method.equals("plan_workflow") && fields.flag("refresh_desktop_graph");
        try {
            Workflow given =
                    method.equals("plan_workflow") || method.equals("generate_workflow") ? null : given(fields);
            FailureReport failure = method.equals("replan_workflow") ? failure(fields) : null;
            String path = saving ? fields.requiredText("path") : null;
            boolean overwrite = saving && fields.flag("overwrite");
            fields.noneLeft();
            WorkflowDraft draft = switch (method) {
                case "plan_workflow" -> drafts.plan(goal);
                case "generate_workflow" -> drafts.generate(goal, refresh, token);
                case "refine_workflow", "save_refined_workflow" -> drafts.refine(given, goal, refresh, token);
                case "replan_workflow" -> drafts.replan(goal, required(given, method), failure, refresh, token);
                default -> given != null ? null : drafts.generate(required(goal, method), refresh, token);
            };
            if (saving) {
                Workflow saved = draft == null ? given : draft.workflow();
                Path file = drafts.save(saved, path, format, overwrite);
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

    private static <T> T required(T value, String method) throws IpcException {
        if (value == null) {
            throw IpcException.invalid(method + " needs the field workflow (or, to save a new draft, goal)");
        }
        return value;
    }

    /** The {@code failure} field: the failure report {@code execute_workflow} answered. */
    private static FailureReport failure(RequestFields fields) throws IpcException {
        JsonNode failure = fields.node("failure");
        if (failure == null || !failure.isObject()) {
            throw IpcException.invalid("replan_workflow needs the field failure: the run's failure report");
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

package org.praefectus.mcp.host;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowService;
import org.praefectus.api.workflow.WorkflowValidationException;

/**
 * What the workflow tools share: the typed {@link WorkflowService} or the tool error that says it is missing, a
 * service error as the tool error, typed values as plain maps, and a run's result honestly ({@code isError: false}
 * only when every step succeeded).
 */
final class WorkflowServiceTools {

    private WorkflowServiceTools() {}

    /** The workflow service, or why there is none. */
    record Service(WorkflowService workflows, ToolResult missing) {}

    static Service of(HostServices services, String tool) {
        return services.workflows()
                .map(workflows -> new Service(workflows, null))
                .orElseGet(() -> new Service(null, missing("workflow service", tool)));
    }

    /** The tool error of a runtime without the workflow bundle's {@code service} (its drafts, its goal loop). */
    static ToolResult missing(String service, String tool) {
        return ToolResult.failure(
                "workflows_unavailable",
                "this runtime has no " + service + " for " + tool,
                "run the server from praefectus.jar, which includes the workflow bundle",
                true);
    }

    /** A workflow file argument: an absolute path, or one relative to the server's working directory. */
    static Path path(Map<String, Object> args) {
        return Path.of(ToolArguments.stringArgument(args, "path", true)).toAbsolutePath();
    }

    /** A service error as the tool error; an invalid workflow names the step and the field. */
    static ToolResult failure(WorkflowException e) {
        Map<String, Object> more = new LinkedHashMap<>();
        if (e instanceof WorkflowValidationException invalid) {
            more.put("step", invalid.step() < 0 ? null : invalid.step());
            more.put("field", invalid.field());
        }
        return ToolResult.failure(e.code(), e.getMessage(), nextAction(e.code()), true, more);
    }

    private static String nextAction(String code) {
        return switch (code) {
            case "invalid_workflow" -> "fix the named step and field, then call again";
            case "file_not_found", "file_unreadable" -> "check the path (absolute, readable by the server)";
            case "run_conflict" -> "use a new run_id for a different workflow";
            case "desktop_unavailable" -> "run the server on a desktop session";
            case "unknown_template" -> "call list_workflow_templates for the ids";
            case "invalid_draft" ->
                "the provider's draft was refused (nothing shown, saved or run): ask again or edit it";
            case "provider_unavailable", "provider_failed" ->
                "the agent host registers a WorkflowProvider; generate_workflow drafts without one";
            case "invalid_goal" -> "give the goal in words";
            case "invalid_path" -> "give a file name ending .json, .yaml or .yml, directly in the workflow folder";
            case "file_exists" -> "choose another file name, or set overwrite";
            default -> "call doctor to see what the runtime lacks";
        };
    }

    /** A typed value (a record with Jackson annotations) as plain maps. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> plain(Object value) {
        return new LinkedHashMap<>(ToolJson.JSON.convertValue(value, Map.class));
    }

    /** A run's result: the structured result itself, a tool error with {@code workflow_failed} unless it succeeded. */
    static ToolResult run(RunResult result) {
        return outcome(plain(result), result.ok(), result.failure());
    }

    /**
     * A run's answer ({@code body}): itself when the run succeeded, else the tool error {@code workflow_failed}
     * carrying it, its message and next action the failure's.
     */
    static ToolResult outcome(Map<String, Object> body, boolean ok, FailureReport failure) {
        if (ok) {
            return ToolResult.ok(body);
        }
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", "workflow_failed");
        error.put(
                "message",
                failure == null ? "the run failed" : "step " + failure.failedStep() + " failed: " + failure.reason());
        error.put("next_action", failure == null ? "inspect_desktop" : failure.nextAction());
        Map<String, Object> answered = new LinkedHashMap<>(body);
        answered.put("error", error);
        return new ToolResult(true, answered, null);
    }
}

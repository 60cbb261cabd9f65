package org.praefectus.daemon.ipc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.workflow.GoalRequest;
import org.praefectus.api.workflow.GoalResult;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowGoals;

/**
 * PeekabooX's goal tools as socket methods over the runtime's one goal loop ({@link WorkflowGoals}, MCP's too):
 * {@code plan} ({@code goal}: {@code steps}, runs nothing) and {@code execute_goal} ({@code goal},
 * {@code replan_on_failure}, {@code max_replans}, {@code run_id}, {@code dry_run}: the one rule of
 * {@link GoalRequest}). A goal's runs are signed step by step by the daemon's host behind its gates (as
 * {@code execute_workflow}'s: the daemon asks no person before a run); a replan continues the failed run without
 * redoing what succeeded. The answer is the loop's result when the goal was reached, else the error
 * {@code workflow_failed} with the result as details.
 */
final class SocketGoals {

    static final List<String> METHODS = List.of("plan", "execute_goal");

    private final WorkflowGoals goals;
    private final ResidentHost signer;

    SocketGoals(WorkflowGoals goals, ResidentHost signer) {
        this.goals = goals;
        this.signer = signer;
    }

    Object call(String method, RequestFields fields, CancellationToken cancellation) throws IpcException {
        try {
            if (method.equals("plan")) {
                String goal = fields.requiredText("goal");
                fields.noneLeft();
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("steps", goals.plan(goal));
                return body;
            }
            GoalRequest request = request(fields);
            GoalResult result = goals.execute(request, signer, WorkflowGoals.RunApproval.ALWAYS, cancellation);
            if (!result.ok()) {
                throw new IpcException(
                        "workflow_failed",
                        result.failure() == null
                                ? "the goal was not reached"
                                : "step " + result.failure().failedStep() + " failed: "
                                        + result.failure().reason(),
                        result);
            }
            return result;
        } catch (WorkflowException e) {
            throw SocketWorkflows.failure(e);
        }
    }

    private static GoalRequest request(RequestFields fields) throws IpcException {
        String goal = fields.requiredText("goal");
        boolean replan = !fields.has("replan_on_failure") || fields.flag("replan_on_failure");
        int maxReplans = fields.integer("max_replans", GoalRequest.DEFAULT_REPLANS, 0, GoalRequest.MAX_REPLANS);
        String runId = fields.text("run_id");
        boolean dryRun = fields.flag("dry_run");
        fields.noneLeft();
        try {
            return new GoalRequest(goal, replan, maxReplans, runId, dryRun);
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid(invalid.getMessage());
        }
    }
}

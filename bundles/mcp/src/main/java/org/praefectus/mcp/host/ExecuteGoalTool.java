package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Optional;
import org.praefectus.api.workflow.GoalRequest;
import org.praefectus.api.workflow.GoalResult;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowGoals;

/**
 * PeekabooX's {@code execute_goal} ({@code goal}, {@code replan_on_failure}, {@code max_replans}; Praefectus adds
 * {@code run_id} and {@code dry_run}: the one rule of {@link GoalRequest}) as an adapter of the runtime's one goal loop
 * ({@link WorkflowGoals}, the socket's too): each run, the first and each replan's, is confirmed as
 * {@code workflow_execute} first (a refusal ends the call with it) and each step's effect is one signed, fenced,
 * at-most-once operation of this server ({@link ToolSigner}), decided by its profile. A replan continues the failed run
 * (what succeeded is never run again) and is made only after a failure that proves nothing happened; the answer is the
 * loop's {@link GoalResult}, the tool error {@code workflow_failed} carrying it unless the goal was reached. Capability
 * {@code workflow_execute} (assist, operator; both also hold {@code workflow_generate}, which planning needs).
 */
final class ExecuteGoalTool implements Tool {

    private final HostServices services;
    private final SignedActions actions;

    ExecuteGoalTool(HostServices services, SignedActions actions) {
        this.services = services;
        this.actions = actions;
    }

    @Override
    public String name() {
        return "execute_goal";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, GoalRequest.FIELDS);
        GoalRequest request;
        try {
            request = new GoalRequest(
                    ToolArguments.stringArgument(args, "goal", true),
                    !args.containsKey("replan_on_failure") || ToolArguments.boolArgument(args, "replan_on_failure"),
                    ToolArguments.intArgument(
                            args, "max_replans", GoalRequest.DEFAULT_REPLANS, 0, GoalRequest.MAX_REPLANS),
                    ToolArguments.stringArgument(args, "run_id", false),
                    ToolArguments.boolArgument(args, "dry_run"));
        } catch (IllegalArgumentException invalid) {
            throw new ToolArguments.InvalidArgument(invalid.getMessage());
        }
        Optional<WorkflowGoals> goals = services.goals();
        if (goals.isEmpty()) {
            return WorkflowServiceTools.missing("goal loop", name());
        }
        ToolResult[] refused = new ToolResult[1];
        WorkflowGoals.RunApproval confirmed = workflow -> {
            refused[0] = actions.confirmRun(name(), ExecuteWorkflowTool.question(workflow), context)
                    .orElse(null);
            return refused[0] == null;
        };
        try {
            GoalResult result = goals.get()
                    .execute(
                            request,
                            ToolSigner.workflow(name(), actions, context),
                            confirmed,
                            context.cancellation().token());
            if (refused[0] != null) {
                return refused[0];
            }
            return WorkflowServiceTools.outcome(WorkflowServiceTools.plain(result), result.ok(), result.failure());
        } catch (WorkflowException e) {
            return WorkflowServiceTools.failure(e);
        }
    }
}

package org.praefectus.mcp.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowDrafts;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowRun;
import org.praefectus.api.workflow.WorkflowService;

/**
 * PeekabooX's {@code execute_goal} ({@code goal}, {@code replan_on_failure}, {@code max_replans}; Praefectus adds
 * {@code run_id} and {@code dry_run}): the runtime's plan for the goal ({@link WorkflowDrafts#plan}), run exactly as
 * {@code execute_workflow} runs a workflow (confirmed as {@code workflow_execute} first, each step's effect one
 * signed, fenced, at-most-once operation of this server, decided by its profile), then, when the run failed, the
 * provider's validated replacement ({@link WorkflowDrafts#replan}) run as a new run, at most {@code max_replans}
 * times. A failed run is replanned only when its failure proves nothing happened ({@code next_action}
 * {@code fix_selector}: the target was not found, nothing was dispatched); after any other failure (an outcome that
 * is unknown or unverified, a policy's refusal) the result says why and nothing is redone. Capability
 * {@code workflow_execute} (assist, operator; both also hold {@code workflow_generate}, which planning needs).
 */
final class ExecuteGoalTool implements Tool {

    /** The most replans one call may ask for. */
    static final int MAX_REPLANS = 3;

    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9_-]{1,50}");
    private static final Set<String> ARGUMENTS =
            Set.of("goal", "replan_on_failure", "max_replans", "run_id", "dry_run");

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
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        String goal = ToolArguments.stringArgument(args, "goal", true);
        boolean replan =
                !args.containsKey("replan_on_failure") || ToolArguments.boolArgument(args, "replan_on_failure");
        int maxReplans = ToolArguments.intArgument(args, "max_replans", 1, 0, MAX_REPLANS);
        String runId = ToolArguments.stringArgument(args, "run_id", false);
        if (runId != null && !RUN_ID.matcher(runId).matches()) {
            throw new ToolArguments.InvalidArgument(
                    "run_id is 1 to 50 letters, digits, _ or - (each replan adds -replan-N)");
        }
        boolean dryRun = ToolArguments.boolArgument(args, "dry_run");
        WorkflowServiceTools.Service service = WorkflowServiceTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        if (services.drafts().isEmpty()) {
            return WorkflowServiceTools.draftsMissing(name());
        }
        WorkflowDrafts drafts = services.drafts().get();
        WorkflowService workflows = service.workflows();
        CancellationToken token = context.cancellation().token();
        try {
            Workflow workflow = drafts.plan(goal).workflow();
            List<Map<String, Object>> runs = new ArrayList<>();
            List<Map<String, Object>> replans = new ArrayList<>();
            String replanError = null;
            RunResult last;
            for (int attempt = 0; ; attempt++) {
                if (!dryRun) {
                    Optional<ToolResult> refused =
                            actions.confirmRun(name(), ExecuteWorkflowTool.question(workflow), context);
                    if (refused.isPresent()) {
                        return refused.get();
                    }
                }
                last = workflows.execute(
                        workflow,
                        new WorkflowRun(runId(runId, attempt), dryRun, ToolSigner.workflow(name(), actions, context)),
                        token);
                runs.add(WorkflowServiceTools.plain(last));
                if (last.ok() || !replan || attempt >= maxReplans || !replannable(last.failure())) {
                    break;
                }
                Workflow next;
                try {
                    next = drafts.replan(goal, workflow, last.failure(), true, token)
                            .workflow();
                } catch (WorkflowException e) {
                    replanError = e.code();
                    break;
                }
                Map<String, Object> replanned = new LinkedHashMap<>();
                replanned.put("attempt", attempt + 1);
                replanned.put("workflow", next.name());
                replanned.put("steps", next.steps().size());
                replanned.put("reason", last.failure().reason());
                replans.add(replanned);
                workflow = next;
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("goal", goal.strip());
            body.put("ok", last.ok());
            body.put("run_id", last.runId());
            body.put("runs", runs);
            if (last.failure() != null) {
                body.put("failure", WorkflowServiceTools.plain(last.failure()));
            }
            body.put("replanned", !replans.isEmpty());
            body.put("replans", replans);
            if (replanError != null) {
                body.put("replan_error", replanError);
            }
            return WorkflowServiceTools.outcome(body, last.ok(), last.failure());
        } catch (WorkflowException e) {
            return WorkflowServiceTools.failure(e);
        }
    }

    /**
     * Whether a failed run may be replaced by a new plan: only when its failure proves the failed step had no effect
     * (its target was not found, nothing was dispatched). Never after an outcome that is unknown or unverified.
     */
    static boolean replannable(FailureReport failure) {
        return failure != null && "fix_selector".equals(failure.nextAction());
    }

    /** Each run's own id: the caller's for the first, suffixed for each replan's run ({@code null}: the service's). */
    private static String runId(String runId, int attempt) {
        return runId == null || attempt == 0 ? runId : runId + "-replan-" + attempt;
    }
}

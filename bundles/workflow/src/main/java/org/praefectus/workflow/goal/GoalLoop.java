package org.praefectus.workflow.goal;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.workflow.GoalRequest;
import org.praefectus.api.workflow.GoalResult;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowDrafts;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowGoals;
import org.praefectus.api.workflow.WorkflowRun;
import org.praefectus.api.workflow.WorkflowService;
import org.praefectus.workflow.draft.GoalText;

/**
 * PeekabooX's {@code execute_goal} loop over the typed services: the goal's first workflow
 * ({@link WorkflowDrafts#goalPlan}) runs; while a run fails proving no effect ({@link GoalRequest#replannable}) and
 * replans are left, the provider's replacement (asked with the desktop graph refreshed, as PeekabooX asks) continues
 * it ({@link WorkflowService#continueRun}): what succeeded stands, only the failed step and what follows run. A
 * replacement that cannot be had, or that rewrites a step that already succeeded, ends the goal with its code as
 * {@code replan_error}; nothing is redone.
 */
public final class GoalLoop {

    private final WorkflowService workflows;
    private final WorkflowDrafts drafts;

    public GoalLoop(WorkflowService workflows, WorkflowDrafts drafts) {
        this.workflows = workflows;
        this.drafts = drafts;
    }

    /** PeekabooX's planner: the goal, trimmed, is the one step ({@code invalid_goal} when blank). */
    public List<String> plan(String goal) throws WorkflowException {
        return List.of(GoalText.of(goal));
    }

    public GoalResult execute(
            GoalRequest request,
            ResidentHost signer,
            WorkflowGoals.RunApproval approval,
            CancellationToken cancellation)
            throws WorkflowException {
        Workflow workflow = drafts.goalPlan(request.goal(), cancellation).workflow();
        List<RunResult> runs = new ArrayList<>();
        List<GoalResult.Replan> replans = new ArrayList<>();
        RunResult last = null;
        String replanError = null;
        Workflow replacement = workflow;
        for (int replan = 0; ; replan++) {
            if (!request.dryRun() && !approval.approve(replacement)) {
                break;
            }
            WorkflowRun run = new WorkflowRun(request.runId(replan), request.dryRun(), signer);
            try {
                last = last == null
                        ? workflows.execute(replacement, run, cancellation)
                        : workflows.continueRun(workflow, last, replacement, run, cancellation);
            } catch (WorkflowException e) {
                if (last == null || !e.code().equals("replan_rewrites_done_steps")) {
                    throw e;
                }
                replanError = e.code();
                break;
            }
            workflow = replacement;
            runs.add(last);
            if (last.ok()
                    || !request.replanOnFailure()
                    || replan >= request.maxReplans()
                    || !GoalRequest.replannable(last.failure())) {
                break;
            }
            try {
                replacement = drafts.replan(request.goal(), workflow, last.failure(), true, cancellation)
                        .workflow();
            } catch (WorkflowException e) {
                replanError = e.code();
                break;
            }
            replans.add(new GoalResult.Replan(
                    replan + 1,
                    replacement.name(),
                    replacement.steps().size(),
                    last.failure().reason()));
        }
        return new GoalResult(
                request.goal().strip(),
                last != null && last.ok(),
                last == null ? null : last.runId(),
                runs,
                last == null ? null : last.failure(),
                !replans.isEmpty(),
                replans,
                replanError);
    }
}

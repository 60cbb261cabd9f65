package org.praefectus.api.workflow;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;

/**
 * PeekabooX's goal tools as a typed service (provided by {@code org.praefectus.workflow}), the one goal loop every
 * surface adapts: {@code plan} and {@code execute_goal}.
 *
 * <p>{@link #execute} runs the workflow {@link WorkflowDrafts#goalPlan} gives for the goal, exactly as
 * {@link WorkflowService#execute} runs any workflow (each step's effect one signed, fenced, at-most-once operation of
 * the caller's signer). When the run fails with a failure that proves the failed step had no effect
 * ({@link GoalRequest#replannable}) and replans are asked for, the provider's replacement
 * ({@link WorkflowDrafts#replan}) continues the run ({@link WorkflowService#continueRun}): the steps that succeeded
 * stand and are never run again, the replacement runs from the failed step on. After any other failure nothing is
 * redone and the result says why.
 */
@ProviderType
public interface WorkflowGoals {

    /**
     * PeekabooX's {@code plan}: the goal decomposed into its high-level steps (PeekabooX's planner: the goal itself,
     * trimmed, is the one step). Runs nothing.
     *
     * @throws WorkflowException {@code invalid_goal} for a blank goal
     */
    List<String> plan(String goal) throws WorkflowException;

    /**
     * PeekabooX's {@code execute_goal}.
     *
     * @param signer   the host that signs every effect (as {@link WorkflowRun#signer()})
     * @param approval asked before each run that is not a dry run (the first and each replan's); a run it refuses
     *                 does not start and the goal stops there
     * @throws WorkflowException the plan cannot be made ({@code invalid_goal}…) or a run cannot start
     *                           ({@code desktop_unavailable}, {@code run_conflict}…)
     */
    GoalResult execute(GoalRequest request, ResidentHost signer, RunApproval approval, CancellationToken cancellation)
            throws WorkflowException;

    /** The caller's say before a run starts (MCP asks the person when its confirmation policy names the run). */
    @FunctionalInterface
    interface RunApproval {
        /** Whether the run of {@code workflow} may start. */
        boolean approve(Workflow workflow);

        /** Every run may start (a surface whose host gates each effect itself). */
        RunApproval ALWAYS = workflow -> true;
    }
}

package org.praefectus.workflow.run;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.StepResult;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;

/**
 * What a replan's run takes over from the failed run it continues: the steps before the failed one, which succeeded
 * and had their effects. The replacement must begin with exactly those steps (a provider replaces the failed step and
 * what follows, never what was done); their results are carried, marked {@value #CARRIED}, and are never run again.
 */
final class Continuation {

    /** The recovery mark of a step whose result a continued run carries from the run it continues. */
    static final String CARRIED = "carried";

    private Continuation() {}

    /**
     * The failed run's succeeded steps as the continuing run's first results.
     *
     * @throws WorkflowException {@code run_not_failed} for a run that did not fail; {@code replan_rewrites_done_steps}
     *                           when {@code replacement} does not begin with the steps that already succeeded
     */
    static List<StepResult> carried(Workflow failed, RunResult failedRun, Workflow replacement)
            throws WorkflowException {
        FailureReport failure = failedRun.failure();
        if (failedRun.ok()
                || failure == null
                || failure.failedStep() >= failedRun.steps().size()) {
            throw new WorkflowException("run_not_failed", "only a failed run is continued");
        }
        int done = failure.failedStep();
        if (done > failed.steps().size()
                || replacement.steps().size() < done
                || !replacement.steps().subList(0, done).equals(failed.steps().subList(0, done))) {
            throw new WorkflowException(
                    "replan_rewrites_done_steps",
                    "the replacement changes steps that already succeeded (their effects happened): nothing was run");
        }
        List<StepResult> carried = new ArrayList<>();
        for (StepResult step : failedRun.steps().subList(0, done)) {
            List<String> recovery = new ArrayList<>(step.recovery());
            if (!recovery.contains(CARRIED)) {
                recovery.add(CARRIED);
            }
            carried.add(new StepResult(step.index(), step.action(), step.ok(), step.attempts(), recovery));
        }
        return carried;
    }
}

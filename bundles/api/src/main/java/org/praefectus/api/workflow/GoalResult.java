package org.praefectus.api.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What {@code execute_goal} did, as every surface answers it: the goal, whether it was reached, the last run's id, every
 * run in order (the first, then each replan's continuation), why the last one failed, and the replans.
 *
 * @param goal        the goal, trimmed
 * @param ok          whether the last run succeeded
 * @param runId       the last run's id
 * @param runs        each run's result, in order; a replan's run carries the steps that had already succeeded (the
 *                    same attempts and operation ids, marked {@code carried}) and runs from the failed step on
 * @param failure     why the last run failed, or {@code null}
 * @param replanned   whether any replan ran
 * @param replans     each replan: {@code attempt}, the replacement's {@code workflow} name and {@code steps}, the
 *                    {@code reason} of the failure it answered
 * @param replanError the code of the replan that could not be made ({@code provider_unavailable},
 *                    {@code invalid_draft}, {@code replan_rewrites_done_steps}…), or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"goal", "ok", "run_id", "runs", "failure", "replanned", "replans", "replan_error"})
public record GoalResult(
        @JsonProperty("goal") String goal,
        @JsonProperty("ok") boolean ok,
        @JsonProperty("run_id") String runId,
        @JsonProperty("runs") List<RunResult> runs,
        @JsonProperty("failure") FailureReport failure,
        @JsonProperty("replanned") boolean replanned,
        @JsonProperty("replans") List<Replan> replans,
        @JsonProperty("replan_error") String replanError) {

    public GoalResult {
        runs = List.copyOf(runs);
        replans = List.copyOf(replans);
    }

    /**
     * One replan.
     *
     * @param attempt  1 for the first
     * @param workflow the replacement's name
     * @param steps    its step count
     * @param reason   the reason of the failure it answered
     */
    @JsonPropertyOrder({"attempt", "workflow", "steps", "reason"})
    public record Replan(
            @JsonProperty("attempt") int attempt,
            @JsonProperty("workflow") String workflow,
            @JsonProperty("steps") int steps,
            @JsonProperty("reason") String reason) {}
}

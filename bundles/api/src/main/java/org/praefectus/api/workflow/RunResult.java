package org.praefectus.api.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A workflow run's result.
 *
 * @param runId    the run's id; running it again replays this result
 * @param workflow the workflow's name
 * @param ok       whether every step succeeded
 * @param dryRun   whether nothing was signed or dispatched
 * @param replayed whether this result was read back from the run's journal instead of being run
 * @param steps    each step run, in order
 * @param failure  why it stopped, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunResult(
        @JsonProperty("run_id") String runId,
        @JsonProperty("workflow") String workflow,
        @JsonProperty("ok") boolean ok,
        @JsonProperty("dry_run") boolean dryRun,
        @JsonProperty("replayed") boolean replayed,
        @JsonProperty("steps") List<StepResult> steps,
        @JsonProperty("failure") FailureReport failure) {

    public RunResult {
        steps = List.copyOf(steps);
    }

    /** This result as read back from the journal. */
    public RunResult asReplayed() {
        return new RunResult(runId, workflow, ok, dryRun, true, steps, failure);
    }
}

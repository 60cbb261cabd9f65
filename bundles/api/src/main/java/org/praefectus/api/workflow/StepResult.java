package org.praefectus.api.workflow;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One step's result: every attempt, and the self-healing strategies applied.
 *
 * @param index    the step's position
 * @param action   its canonical action
 * @param ok       whether it did what it asks (an input: its effect succeeded, or was proven present)
 * @param attempts each attempt, in order
 * @param recovery the recovery strategies applied ({@code refresh_desktop_state}, {@code vision_fallback},
 *                 {@code reconcile}); {@code carried} when the step ran in the earlier run a replan continues
 *                 ({@link WorkflowService#continueRun}: its attempts and operation ids are that run's, nothing ran
 *                 again)
 */
public record StepResult(
        @JsonProperty("index") int index,
        @JsonProperty("action") String action,
        @JsonProperty("ok") boolean ok,
        @JsonProperty("attempts") List<Attempt> attempts,
        @JsonProperty("recovery") List<String> recovery) {

    public StepResult {
        attempts = List.copyOf(attempts);
        recovery = List.copyOf(recovery);
    }

    /** The last attempt. */
    public Attempt last() {
        return attempts.get(attempts.size() - 1);
    }
}

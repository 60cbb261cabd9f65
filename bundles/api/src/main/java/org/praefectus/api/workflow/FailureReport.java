package org.praefectus.api.workflow;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Why a run stopped, as PeekabooX reports it.
 *
 * @param failedStep the failed step's index
 * @param action     its action
 * @param reason     the last attempt's code or status ({@code target_not_found}, {@code outcome_unknown},
 *                   {@code verification_failed}…)
 * @param attempts   how many attempts were made
 * @param nextAction what a caller does next: {@code observe_and_reconcile} when an effect may have happened and no
 *                   observation could prove it either way (never retry blindly), {@code fix_selector},
 *                   {@code start_runtime}, {@code check_policy}, {@code inspect_desktop}
 */
public record FailureReport(
        @JsonProperty("failed_step") int failedStep,
        @JsonProperty("action") String action,
        @JsonProperty("reason") String reason,
        @JsonProperty("attempts") int attempts,
        @JsonProperty("next_action") String nextAction) {}

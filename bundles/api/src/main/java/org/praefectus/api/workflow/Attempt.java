package org.praefectus.api.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One attempt at a step, as the run reports and journals it: never the typed text or a selector.
 *
 * @param attempt      1 for the first
 * @param status       an input's terminal as the engine recorded it ({@code succeeded}, {@code rejected},
 *                     {@code failed}, {@code outcome_unknown}, {@code cancelled_before_effect},
 *                     {@code expired_before_effect}); {@code refused} (nothing was signed); {@code dry_run};
 *                     {@code observed} or {@code not_found} for a step without effect; {@code interrupted} (the
 *                     runtime stopped while it was dispatched); {@code reconciled_present} (a later observation
 *                     proved the effect of an earlier attempt)
 * @param code         the refusal's or terminal's error code, or {@code null}
 * @param operations   the operation ids the engine acknowledged, in order
 * @param reconciles   the operation this attempt reconciles (an {@code outcome_unknown}'s id, or
 *                     {@code step-N-attempt-M} for an interrupted dispatch), or {@code null}
 * @param recovery     the self-healing strategy applied before this attempt, or {@code null}
 * @param verification what the observation after it showed, or {@code null}
 * @param matches      how many elements a lookup found, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Attempt(
        @JsonProperty("attempt") int attempt,
        @JsonProperty("status") String status,
        @JsonProperty("code") String code,
        @JsonProperty("operation_ids") List<String> operations,
        @JsonProperty("reconciles") String reconciles,
        @JsonProperty("recovery") String recovery,
        @JsonProperty("verification") Verification verification,
        @JsonProperty("matches") Integer matches) {

    public Attempt {
        operations = operations == null ? List.of() : List.copyOf(operations);
    }

    /** This attempt with the observation made after it. */
    public Attempt verified(Verification observed) {
        return new Attempt(attempt, status, code, operations, reconciles, recovery, observed, matches);
    }

    /** The last operation this attempt dispatched, or {@code null}. */
    public String lastOperation() {
        return operations.isEmpty() ? null : operations.get(operations.size() - 1);
    }

    /**
     * What an observation after an input showed.
     *
     * @param kind   {@code selector} (the step's {@code verify_selector}), {@code engine} (the engine verified the
     *               effect itself) or {@code desktop_state} (a sample of the desktop)
     * @param result {@code present}, {@code absent}, {@code verified}, {@code sampled} or {@code unprovable}
     */
    public record Verification(
            @JsonProperty("kind") String kind,
            @JsonProperty("result") String result) {}
}

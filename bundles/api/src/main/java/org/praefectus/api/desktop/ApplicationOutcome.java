package org.praefectus.api.desktop;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * What an application verb or {@code open} did: the input verb's outcome as every surface shows it, and the window it
 * showed ({@link DesktopService#windowShownBy}), or {@code null} for a dry run, a terminal other than
 * {@code succeeded}, or a {@code quit} (whose success is that its windows are gone).
 *
 * @param outcome the verb's outcome (its fields are this record's JSON fields)
 * @param window  the window the action showed, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApplicationOutcome(
        @JsonUnwrapped InputOutcome outcome,
        @JsonProperty("window") DesktopWindow window) {

    public ApplicationOutcome {
        requireNonNull(outcome, "outcome");
    }

    /** {@code outcome}, with the window it showed (asked of {@code desktop}) when it succeeded. */
    public static ApplicationOutcome of(DesktopService desktop, InputOutcome outcome) {
        DesktopWindow shown = outcome.terminal() == null
                ? null
                : desktop.windowShownBy(outcome.proposal().action(), outcome.terminal())
                        .orElse(null);
        return new ApplicationOutcome(outcome, shown);
    }

    @Override
    public String toString() {
        return "ApplicationOutcome[" + outcome + "]";
    }
}

package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * A desktop helper's effect ({@code desktop click|type-into|drag}): the profile and window it aimed at, the input
 * verb's outcome, and the postcondition when {@code --verify} asked for one.
 *
 * @param app              the profile
 * @param targetName       its target
 * @param windowTitle      the window title asked for, or {@code null}
 * @param windowId         the window ID asked for, or {@code null}
 * @param outcome          the input verb's outcome
 * @param focusDiagnostics what was done about focus (nothing: a helper never raises a window behind the host's back)
 * @param postcondition    the verification, or {@code null}
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ProfileEffect(
        @JsonProperty("app") String app,
        @JsonProperty("target_name") String targetName,
        @JsonProperty("window_title") String windowTitle,
        @JsonProperty("window_id") String windowId,
        @JsonUnwrapped InputOutcome outcome,
        @JsonProperty("focus_diagnostics") List<String> focusDiagnostics,

        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("postcondition")
        Postcondition postcondition) {

    /**
     * {@code --verify}: the terminal succeeded and the target is still found afterwards.
     *
     * @param succeeded     whether the terminal is {@code succeeded}
     * @param targetPresent whether the target is found again
     */
    public record Postcondition(
            @JsonProperty("succeeded") boolean succeeded,
            @JsonProperty("target_present") boolean targetPresent) {

        @JsonProperty("passed")
        public boolean passed() {
            return succeeded && targetPresent;
        }
    }
}

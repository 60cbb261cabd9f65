package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * {@code desktop focus}'s answer: the profile's window and what was done about its focus.
 *
 * @param app         the profile's name
 * @param aim         what was asked
 * @param window      the window (the active one, or the one focused)
 * @param focused     whether it is active now (a dry run: {@code false})
 * @param diagnostics what was done ({@code the window is active already}, {@code focused by a signed window action})
 * @param operation   the signed focus's outcome, or {@code null} when the window was active already
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"app", "aim", "window", "focused", "focus_diagnostics", "operation"})
public record ProfileFocus(
        @JsonProperty("app") String app,
        @com.fasterxml.jackson.annotation.JsonUnwrapped ProfileAim aim,
        @JsonProperty("window") DesktopWindow window,
        @JsonProperty("focused") boolean focused,
        @JsonProperty("focus_diagnostics") List<String> diagnostics,

        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("operation")
        InputOutcome operation) {

    public ProfileFocus {
        diagnostics = List.copyOf(diagnostics);
    }
}

package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.praefectus.api.selector.UiElement;

/**
 * An assertion's answer: each condition and whether it held, and what was seen.
 *
 * @param app     the profile's name
 * @param aim     what was asked
 * @param checks  each condition ({@code exists}, {@code not-exists}, {@code state=S}, {@code not-state=S})
 * @param found   the target's matches, best first (empty when none, or when no window of the profile is open)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"app", "aim", "passed", "checks", "count", "element"})
public record ProfileCheck(
        @JsonProperty("app") String app,
        @com.fasterxml.jackson.annotation.JsonUnwrapped ProfileAim aim,
        @JsonProperty("checks") List<Condition> checks,
        @JsonIgnore List<UiElement> found) {

    public ProfileCheck {
        checks = List.copyOf(checks);
        found = List.copyOf(found);
    }

    /** One condition and whether it held. */
    public record Condition(
            @JsonProperty("condition") String condition,
            @JsonProperty("passed") boolean passed) {}

    /** Whether every condition held. */
    @JsonProperty("passed")
    public boolean passed() {
        return checks.stream().allMatch(Condition::passed);
    }

    @JsonProperty("count")
    public int count() {
        return found.size();
    }

    /** The best match, or {@code null}. */
    @JsonProperty("element")
    public UiElement element() {
        return found.isEmpty() ? null : found.get(0);
    }

    /** A failed assertion as the error a surface reports ({@code assertion_failed}, this answer as details). */
    public DesktopException failure() {
        return passed()
                ? null
                : new DesktopException("assertion_failed", "the target does not meet the assertion", this);
    }
}

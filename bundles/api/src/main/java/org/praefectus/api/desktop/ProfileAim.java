package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Where a profile helper looks: the profile (by name or alias), one of its targets ({@code null} for {@code focus}),
 * and optionally which of the profile's windows (a title part, or the window's ID). Every answer of
 * {@link DesktopProfiles} carries it as {@code target_name}, {@code window_title} and {@code window_id} (each
 * {@code null} when not asked for), beside the profile's own name.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"target_name", "window_title", "window_id"})
public record ProfileAim(
        @JsonIgnore String app,
        @JsonProperty("target_name") String target,
        @JsonProperty("window_title") String windowTitle,
        @JsonProperty("window_id") String windowId) {

    public ProfileAim {
        if (app == null || app.isBlank()) {
            throw new IllegalArgumentException("a profile helper needs the profile's app");
        }
        if (target != null && target.isBlank()) {
            throw new IllegalArgumentException("a target name is not blank");
        }
    }

    /** The windows of the profile whose windows answer to {@code windowApp}, narrowed by this aim. */
    public ElementScope scope(String windowApp) {
        return new ElementScope(windowApp, windowTitle, windowId);
    }

    @Override
    public String toString() {
        return "ProfileAim[" + app + ", " + target + "]";
    }
}

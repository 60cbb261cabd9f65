package org.praefectus.api.desktop;

/**
 * Where a profile helper looks: the profile (by name or alias), one of its targets ({@code null} for {@code focus}),
 * and optionally which of the profile's windows (a title part, or the window's ID).
 */
public record ProfileAim(String app, String target, String windowTitle, String windowId) {

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

package org.praefectus.linux.x11;

import java.util.Locale;
import java.util.Map;

/** The kind of graphical session, from the environment the host started us in (as the reference decides it). */
public enum SessionType {
    X11,
    WAYLAND,
    UNKNOWN;

    /** {@code XDG_SESSION_TYPE} first, then {@code WAYLAND_DISPLAY}, then {@code DISPLAY}. */
    public static SessionType of(Map<String, String> environment) {
        String declared = environment.getOrDefault("XDG_SESSION_TYPE", "").toLowerCase(Locale.ROOT);
        if (declared.equals("wayland")) {
            return WAYLAND;
        }
        if (declared.equals("x11")) {
            return X11;
        }
        if (present(environment.get("WAYLAND_DISPLAY"))) {
            return WAYLAND;
        }
        return present(environment.get("DISPLAY")) ? X11 : UNKNOWN;
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}

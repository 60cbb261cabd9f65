package org.praefectus.linux;

import java.util.Map;
import org.praefectus.api.executor.GlobalInput;
import org.praefectus.linux.x11.SessionType;

/**
 * The parts of the process environment the Linux platform reads. Taken once from the environment by the
 * component, built directly by tests.
 *
 * @param display           {@code DISPLAY}, or null
 * @param sessionBusAddress {@code DBUS_SESSION_BUS_ADDRESS}, or null
 * @param allowGlobalInput  whether the host set {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}
 * @param sessionType       X11, Wayland or unknown, from {@code XDG_SESSION_TYPE}, {@code WAYLAND_DISPLAY}
 *                          and {@code DISPLAY}
 * @param variables         the whole environment, for the Wayland probe (socket, runtime dir, compositor)
 */
record LinuxEnvironment(
        String display,
        String sessionBusAddress,
        boolean allowGlobalInput,
        SessionType sessionType,
        Map<String, String> variables) {

    LinuxEnvironment(String display, String sessionBusAddress, boolean allowGlobalInput, SessionType sessionType) {
        this(display, sessionBusAddress, allowGlobalInput, sessionType, Map.of());
    }

    static LinuxEnvironment of(Map<String, String> environment) {
        return new LinuxEnvironment(
                environment.get("DISPLAY"),
                environment.get("DBUS_SESSION_BUS_ADDRESS"),
                GlobalInput.optedIn(environment),
                SessionType.of(environment),
                Map.copyOf(environment));
    }
}

package org.praefectus.linux;

import java.util.HashMap;
import java.util.Map;

/**
 * The process environment with the {@link ExecutorConfig}'s display and session bus in place of its own: the
 * executor's and the screen capture's, so both reach one session (a host that found the session for a process
 * started without {@code DISPLAY}, as MCP clients start servers, configures it once for both).
 */
public final class ExecutorEnvironment {

    private ExecutorEnvironment() {}

    public static Map<String, String> of(ExecutorConfig config) {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (!config.display().isBlank()) {
            environment.put("DISPLAY", config.display());
            environment.remove("WAYLAND_DISPLAY");
            environment.remove("XDG_SESSION_TYPE");
        }
        if (!config.session_bus_address().isBlank()) {
            environment.put("DBUS_SESSION_BUS_ADDRESS", config.session_bus_address());
        }
        return environment;
    }
}

package org.praefectus.plugins.manifest;

import java.util.List;

/**
 * How a process plugin starts: {@code {"kind": "process", "command": [...]}}.
 *
 * @param command the argv; the first part is a program on {@code PATH} (an interpreter such as
 *                {@code python3}) or a relative path inside the plugin directory
 */
public record PluginEntrypoint(List<String> command) {

    public static final String KIND_PROCESS = "process";

    public PluginEntrypoint {
        command = List.copyOf(command);
    }
}

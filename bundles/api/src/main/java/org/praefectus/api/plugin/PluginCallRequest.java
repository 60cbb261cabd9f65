package org.praefectus.api.plugin;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One plugin tool to run.
 *
 * @param pluginId       the plugin's id
 * @param tool           the tool's name
 * @param argumentsJson  the tool's arguments, a JSON object as text ({@code {}} when none)
 * @param paths          the plugin folders to search; empty for the configured plugin paths
 * @param timeout        how long it may run; {@code null} for the configured default
 * @param maxOutputBytes how much of stdout and stderr is kept; {@code null} for the configured default
 * @param requireTrusted whether an untrusted plugin is refused ({@code untrusted_plugin}) instead of run
 */
public record PluginCallRequest(
        String pluginId,
        String tool,
        String argumentsJson,
        List<Path> paths,
        Duration timeout,
        Integer maxOutputBytes,
        boolean requireTrusted) {

    public PluginCallRequest {
        Objects.requireNonNull(pluginId, "pluginId");
        Objects.requireNonNull(tool, "tool");
        argumentsJson = argumentsJson == null ? "{}" : argumentsJson;
        paths = paths == null ? List.of() : List.copyOf(paths);
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (maxOutputBytes != null && maxOutputBytes <= 0) {
            throw new IllegalArgumentException("maxOutputBytes must be positive");
        }
    }

    /** The bounds of this call: its own, else {@code defaults}. */
    public PluginCallLimits limits(PluginCallLimits defaults) {
        return new PluginCallLimits(
                timeout == null ? defaults.timeout() : timeout,
                maxOutputBytes == null ? defaults.maxOutputBytes() : maxOutputBytes);
    }
}

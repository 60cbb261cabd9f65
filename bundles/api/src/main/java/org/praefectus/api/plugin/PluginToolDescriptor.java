package org.praefectus.api.plugin;

import java.util.List;
import java.util.Objects;

/**
 * A tool as its plugin manifest declares it.
 *
 * @param pluginId        the plugin id
 * @param pluginVersion   the plugin version string, as written in the manifest
 * @param name            the tool name
 * @param description     one line for humans and models
 * @param capabilities    the capabilities the tool declares (for example {@code observe})
 * @param inputSchemaJson the tool's {@code input_schema}, as JSON text
 */
public record PluginToolDescriptor(
        String pluginId,
        String pluginVersion,
        String name,
        String description,
        List<String> capabilities,
        String inputSchemaJson) {

    public PluginToolDescriptor {
        Objects.requireNonNull(pluginId, "pluginId");
        Objects.requireNonNull(pluginVersion, "pluginVersion");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        capabilities = List.copyOf(capabilities);
        Objects.requireNonNull(inputSchemaJson, "inputSchemaJson");
    }
}

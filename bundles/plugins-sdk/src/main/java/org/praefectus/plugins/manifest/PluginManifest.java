package org.praefectus.plugins.manifest;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A validated {@code peekaboox.plugin.json}, schema {@value #SCHEMA_VERSION}. */
public record PluginManifest(
        String id,
        String name,
        String version,
        Optional<String> description,
        List<String> capabilities,
        Optional<PluginEntrypoint> entrypoint,
        List<PluginToolSpec> tools,
        Map<String, String> metadata) {

    public static final String SCHEMA_VERSION = "peekaboox.plugin.v1";
    public static final String FILE_NAME = "peekaboox.plugin.json";

    public PluginManifest {
        capabilities = List.copyOf(capabilities);
        tools = List.copyOf(tools);
        metadata = Map.copyOf(metadata);
    }

    public Optional<PluginToolSpec> tool(String name) {
        return tools.stream().filter(tool -> tool.name().equals(name)).findFirst();
    }
}

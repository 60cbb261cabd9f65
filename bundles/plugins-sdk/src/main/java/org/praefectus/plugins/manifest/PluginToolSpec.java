package org.praefectus.plugins.manifest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One tool of a manifest.
 *
 * @param inputSchema the JSON Schema its arguments must satisfy; a private copy
 */
public record PluginToolSpec(String name, String description, List<String> capabilities, ObjectNode inputSchema) {

    public PluginToolSpec {
        capabilities = List.copyOf(capabilities);
        inputSchema = inputSchema.deepCopy();
    }

    @Override
    public ObjectNode inputSchema() {
        return inputSchema.deepCopy();
    }
}

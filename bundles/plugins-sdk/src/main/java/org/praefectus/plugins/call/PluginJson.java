package org.praefectus.plugins.call;

import java.util.LinkedHashMap;
import java.util.Map;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.manifest.PluginManifest;

/** The snake_case JSON shape of a listed plugin and of a problem found, as PeekabooX writes them. */
final class PluginJson {

    private PluginJson() {}

    static Map<String, Object> plugin(PluginCatalog.Entry entry) {
        PluginDescriptor plugin = entry.plugin();
        PluginManifest manifest = plugin.manifest();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", manifest.id());
        json.put("name", manifest.name());
        json.put("version", manifest.version());
        json.put("description", manifest.description().orElse(null));
        json.put("capabilities", manifest.capabilities());
        json.put("root", plugin.root().toString());
        json.put("manifest_path", plugin.manifestPath().toString());
        json.put(
                "entrypoint",
                manifest.entrypoint()
                        .map(entrypoint -> Map.of("kind", "process", "command", entrypoint.command()))
                        .orElse(null));
        json.put(
                "tools",
                manifest.tools().stream()
                        .map(tool -> {
                            Map<String, Object> spec = new LinkedHashMap<>();
                            spec.put("name", tool.name());
                            spec.put("description", tool.description());
                            spec.put("capabilities", tool.capabilities());
                            spec.put("input_schema", tool.inputSchema());
                            return spec;
                        })
                        .toList());
        json.put("metadata", manifest.metadata());
        json.put("trusted", entry.trust().trusted());
        json.put("trust_reason", entry.trust().reason());
        return json;
    }

    static Map<String, Object> error(String path, String message) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("path", path);
        json.put("message", message);
        return json;
    }
}

package org.praefectus.plugins.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.plugins.call.PluginCatalog;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.manifest.PluginManifest;

/** The snake_case JSON shapes of the plugin commands, as maps the CLI serializes. */
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

    static Map<String, Object> result(PluginToolResult result, Object parsedResult) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("ok", result.ok());
        json.put("plugin_id", result.pluginId());
        json.put("tool", result.tool());
        json.put("exit_code", result.exitCode().orElse(null));
        json.put("stdout", result.stdout());
        json.put("stderr", result.stderr());
        json.put("result", parsedResult);
        json.put("error", result.error().orElse(null));
        json.put("timed_out", result.timedOut());
        json.put("output_truncated", result.outputTruncated());
        return json;
    }

    static List<Object> none() {
        return List.of();
    }
}

package org.praefectus.mcp.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.plugin.PluginTool;

/** {@code list_plugins}: every trusted plugin tool, directory and bundle plugins alike, and refused directories. */
final class ListPluginsTool implements Tool {

    private final HostServices services;

    ListPluginsTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "list_plugins";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        List<Map<String, Object>> refused = PluginPaths.install(services, args);
        List<Object> tools = new ArrayList<>();
        for (PluginTool tool : services.pluginTools()) {
            var d = tool.descriptor();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("plugin_id", d.pluginId());
            entry.put("plugin_version", d.pluginVersion());
            entry.put("tool", d.name());
            entry.put("description", d.description());
            entry.put("capabilities", d.capabilities());
            entry.put("input_schema", ToolJson.parse(d.inputSchemaJson()));
            tools.add(entry);
        }
        return ToolResult.ok(Map.of("tools", tools, "refused", refused));
    }
}

package org.praefectus.mcp.host;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.api.text.CallerText;

/** {@code call_plugin_tool}: one trusted plugin tool, within {@code timeout_seconds} and {@code max_output_bytes}. */
final class CallPluginTool implements Tool {

    private final HostServices services;
    private final AuditLog audit;

    CallPluginTool(HostServices services, AuditLog audit) {
        this.services = services;
        this.audit = audit;
    }

    @Override
    public String name() {
        return "call_plugin_tool";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        String pluginId = ToolArguments.stringArgument(args, "plugin_id", true);
        String toolName = ToolArguments.stringArgument(args, "tool", true);
        Object arguments = args.getOrDefault("arguments", Map.of());
        PluginCallLimits limits = new PluginCallLimits(
                Duration.ofSeconds(ToolArguments.intArgument(args, "timeout_seconds", 10, 1, 300)),
                ToolArguments.intArgument(args, "max_output_bytes", 1_048_576, 1_024, 16 * 1_048_576));
        PluginPaths.install(services, args);
        Optional<PluginTool> tool = services.pluginTools().stream()
                .filter(t -> t.descriptor().pluginId().equals(pluginId)
                        && t.descriptor().name().equals(toolName))
                .findFirst();
        if (tool.isEmpty()) {
            return ToolResult.failure(
                    "unknown_plugin_tool",
                    "no trusted plugin tool " + CallerText.shown(toolName) + " of plugin " + CallerText.shown(pluginId),
                    "call list_plugins (with the same paths) and use a listed plugin_id and tool",
                    true);
        }
        try {
            String json = ToolJson.JSON.writeValueAsString(arguments);
            PluginToolResult result = tool.get().call(json, limits);
            audit.record(AuditIds.line(
                    AuditLine.CALL,
                    name(),
                    "executed",
                    result.ok() ? null : "plugin_failed",
                    Map.of("plugin_id", pluginId, "plugin_tool", toolName, "argument_bytes", json.length())));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("ok", result.ok());
            body.put("plugin_id", pluginId);
            body.put("tool", toolName);
            body.put("exit_code", result.exitCode().orElse(null));
            body.put("result", result.resultJson().map(ToolJson::parse).orElse(null));
            body.put("timed_out", result.timedOut());
            body.put("output_truncated", result.outputTruncated());
            return result.ok()
                    ? ToolResult.ok(body)
                    : ToolResult.failure(
                            "plugin_failed", "the plugin tool failed", "read the result and decide", false, body);
        } catch (PluginCallException e) {
            audit.record(AuditIds.line(
                    AuditLine.CALL,
                    name(),
                    "refused",
                    e.code(),
                    Map.of("plugin_id", pluginId, "plugin_tool", toolName)));
            return ToolResult.failure(
                    e.code(),
                    "the plugin call was refused before it started",
                    PluginRefusals.nextAction(e.code()),
                    true);
        } catch (IOException e) {
            throw new ToolArguments.InvalidArgument("arguments must be a JSON object");
        }
    }
}

package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallRequest;
import org.praefectus.api.plugin.ProcessPlugins;

/**
 * The socket's {@code list_plugins} and {@code call_plugin_tool} as an adapter of {@link ProcessPlugins}: PeekabooX's
 * fields read into the typed request, the typed answer as the reply's data (the form the CLI writes too). The
 * daemon's plugin gate and audit stand before and after {@code call_plugin_tool} ({@link IpcMethods}).
 */
final class SocketPlugins {

    /** The methods this adapter serves. */
    static final List<String> METHODS = List.of("list_plugins", "call_plugin_tool");

    private final ProcessPlugins plugins;

    SocketPlugins(ProcessPlugins plugins) {
        this.plugins = plugins;
    }

    Object call(String method, RequestFields fields) throws IpcException {
        List<Path> paths = fields.words("paths", "\n").stream().map(Path::of).toList();
        boolean requireTrusted = fields.flag("require_trusted");
        if (method.equals("list_plugins")) {
            fields.noneLeft();
            return plugins.list(paths, requireTrusted);
        }
        String pluginId = fields.requiredText("plugin_id");
        String tool = fields.requiredText("tool");
        String arguments = arguments(fields);
        Long timeoutMs = fields.integer("timeout_ms", 1, Long.MAX_VALUE);
        Long maxOutput = fields.integer("max_output_bytes", 1, Integer.MAX_VALUE);
        fields.noneLeft();
        try {
            return plugins.call(new PluginCallRequest(
                    pluginId,
                    tool,
                    arguments,
                    paths,
                    timeoutMs == null ? null : Duration.ofMillis(timeoutMs),
                    maxOutput == null ? null : maxOutput.intValue(),
                    requireTrusted));
        } catch (PluginCallException refused) {
            throw new IpcException(refused.code(), refused.getMessage());
        }
    }

    /** The tool's arguments as JSON text: PeekabooX's {@code arguments} object, or a JSON text given as a string. */
    private static String arguments(RequestFields fields) throws IpcException {
        JsonNode arguments = fields.node("arguments");
        if (arguments == null) {
            return null;
        }
        return arguments.isTextual() ? arguments.asText() : arguments.toString();
    }
}

package org.praefectus.api.plugin;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One tool of a trusted process plugin, registered as a service by the plugins-sdk extender while the
 * bundle carrying the plugin is active. The service properties {@value #PLUGIN_ID_PROPERTY} and
 * {@value #TOOL_PROPERTY} name it, so consumers can select tools with a filter without calling them.
 */
@ProviderType
public interface PluginTool {

    /** Service property: the plugin id from the manifest, for example {@code org.example.plugin}. */
    String PLUGIN_ID_PROPERTY = "praefectus.plugin.id";

    /** Service property: the tool name from the manifest, for example {@code system_info.uname}. */
    String TOOL_PROPERTY = "praefectus.plugin.tool";

    /** What the manifest declares about this tool. */
    PluginToolDescriptor descriptor();

    /**
     * Validates the arguments against the tool's {@code input_schema}, then runs the plugin process once.
     * Invalid arguments are refused before any process starts.
     *
     * @param argumentsJson a JSON object, {@code {}} when the tool takes no arguments
     * @param limits        timeout and output cap for this call
     * @return the outcome; a plugin failure, a timeout or truncated output is a result with
     *         {@code ok == false}, never an exception
     * @throws PluginCallException when the call is refused before the process starts
     */
    PluginToolResult call(String argumentsJson, PluginCallLimits limits) throws PluginCallException;
}

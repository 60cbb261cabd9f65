package org.praefectus.plugins.bundle;

import java.util.function.Supplier;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.api.plugin.PluginToolDescriptor;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.plugins.call.PluginCaller;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.manifest.PluginToolSpec;
import org.praefectus.plugins.trust.TrustDecision;

/**
 * One tool of a trusted plugin bundle as a service. Trust is decided again before every call, so files
 * changed on disk after the bundle started are refused.
 */
final class ProcessPluginTool implements PluginTool {

    private final PluginDescriptor plugin;
    private final PluginToolSpec tool;
    private final PluginCaller caller;
    private final Supplier<TrustDecision> trust;

    ProcessPluginTool(
            PluginDescriptor plugin, PluginToolSpec tool, PluginCaller caller, Supplier<TrustDecision> trust) {
        this.plugin = plugin;
        this.tool = tool;
        this.caller = caller;
        this.trust = trust;
    }

    @Override
    public PluginToolDescriptor descriptor() {
        return new PluginToolDescriptor(
                plugin.id(),
                plugin.manifest().version(),
                tool.name(),
                tool.description(),
                tool.capabilities(),
                tool.inputSchema().toString());
    }

    @Override
    public PluginToolResult call(String argumentsJson, PluginCallLimits limits) throws PluginCallException {
        TrustDecision decision = trust.get();
        if (!decision.trusted()) {
            throw new PluginCallException("untrusted_plugin", decision.reason());
        }
        return caller.call(plugin, tool.name(), PluginCaller.arguments(argumentsJson), limits);
    }
}

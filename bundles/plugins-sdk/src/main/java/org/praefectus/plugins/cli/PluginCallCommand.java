package org.praefectus.plugins.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.plugins.call.PluginCaller;
import org.praefectus.plugins.call.PluginCatalog;
import org.praefectus.plugins.call.PluginCatalogComponent;

/**
 * {@code plugin-call PLUGIN_ID TOOL [--args JSON] [--path P]... [--timeout-ms N] [--max-output-bytes N]
 * [--require-trusted]}. A call that ran is a success envelope whose {@code data.ok} says whether the tool
 * succeeded; a call refused before the process started is a failure envelope (exit 3) with the reason's
 * code ({@code unknown_plugin}, {@code invalid_arguments}, {@code untrusted_plugin}, ...). Every result says how far
 * the plugin is trusted ({@code trusted}, {@code trust_reason}): an untrusted plugin runs only without {@code
 * --require-trusted}, and a pinned one whose files changed never runs. A plugin id no directory has is looked up
 * among the tools of active plugin bundles (the extender's {@link PluginTool} services), unless {@code --path} names
 * the directories to search.
 */
@Component(service = CliCommand.class)
@Command(PluginCallCommand.NAME)
public final class PluginCallCommand implements CliCommand {

    static final String NAME = "plugin-call";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final PluginCatalogComponent plugins;
    private final BundleContext context;

    @Activate
    public PluginCallCommand(@Reference PluginCatalogComponent plugins, BundleContext context) {
        this.plugins = plugins;
        this.context = context;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "run one tool of a process plugin: plugin-call PLUGIN_ID TOOL [--args JSON] [--require-trusted]";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options options = Options.parse(
                NAME,
                arguments,
                Set.of("args", "timeout-ms", "max-output-bytes", "path"),
                Set.of("require-trusted"),
                Set.of("path"));
        if (options.positional().size() != 2) {
            throw CliCommandException.usage("usage: " + NAME + " PLUGIN_ID TOOL [--args JSON] [--path P] "
                    + "[--timeout-ms N] [--max-output-bytes N] [--require-trusted]");
        }
        PluginCallLimits defaults = plugins.limits();
        Long maxOutput = options.number("max-output-bytes", 1, Long.MAX_VALUE);
        Long timeoutMs = options.number("timeout-ms", 1, Long.MAX_VALUE);
        PluginCallLimits limits = new PluginCallLimits(
                timeoutMs == null ? defaults.timeout() : Duration.ofMillis(timeoutMs),
                maxOutput == null ? defaults.maxOutputBytes() : (int) Math.min(Integer.MAX_VALUE, maxOutput));
        String pluginId = options.positional().get(0);
        String tool = options.positional().get(1);
        String given = options.value("args");
        try {
            JsonNode callArguments = PluginCaller.arguments(given == null ? "{}" : given);
            PluginCatalog.Called called;
            try {
                called = plugins.callReportingTrust(
                        pluginId, tool, callArguments, PluginPaths.of(options), limits, options.has("require-trusted"));
            } catch (PluginCallException unknown) {
                if (!"unknown_plugin".equals(unknown.code()) || options.has("path")) {
                    throw unknown;
                }
                return bundleTool(pluginId, tool, given == null ? "{}" : given, limits)
                        .orElseThrow(() -> unknown);
            }
            return result(
                    called.result(), called.trust().trusted(), called.trust().reason());
        } catch (PluginCallException refused) {
            throw CliCommandException.failure(refused.code(), refused.getMessage());
        }
    }

    /**
     * The tool of a plugin bundle (the extender registers a {@link PluginTool} service for each tool of a trusted
     * plugin bundle while it is active), when no plugin directory on the search path has that id.
     */
    private Optional<Object> bundleTool(String pluginId, String tool, String argumentsJson, PluginCallLimits limits)
            throws PluginCallException {
        Collection<ServiceReference<PluginTool>> references;
        try {
            references = context.getServiceReferences(
                    PluginTool.class,
                    "(&(" + PluginTool.PLUGIN_ID_PROPERTY + "=" + escape(pluginId) + ")(" + PluginTool.TOOL_PROPERTY
                            + "=" + escape(tool) + "))");
        } catch (InvalidSyntaxException impossible) {
            return Optional.empty();
        }
        for (ServiceReference<PluginTool> reference : references) {
            PluginTool service = context.getService(reference);
            if (service == null) {
                continue;
            }
            try {
                Object how = reference.getProperty("praefectus.plugin.trust");
                return Optional.of(result(
                        service.call(argumentsJson, limits),
                        true,
                        "plugin bundle " + reference.getBundle().getSymbolicName() + " ("
                                + (how == null ? "trusted" : how) + ")"));
            } finally {
                context.ungetService(reference);
            }
        }
        return Optional.empty();
    }

    /** An LDAP filter value: backslash, {@code *}, {@code (} and {@code )} escaped (RFC 1960). */
    private static String escape(String value) {
        return value.replaceAll("([\\\\*()])", "\\\\$1");
    }

    private static Object result(PluginToolResult result, boolean trusted, String reason) {
        Map<String, Object> json = PluginJson.result(
                result, result.resultJson().map(PluginCallCommand::tree).orElse(null));
        json.put("trusted", trusted);
        json.put("trust_reason", reason);
        return json;
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException impossible) {
            throw new IllegalStateException("the result was parsed once already", impossible);
        }
    }
}

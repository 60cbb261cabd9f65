package org.praefectus.plugins.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.plugins.call.PluginCaller;
import org.praefectus.plugins.call.PluginCatalogComponent;

/**
 * {@code plugin-call PLUGIN_ID TOOL [--args JSON] [--path P]... [--timeout-ms N] [--max-output-bytes N]
 * [--require-trusted]}. A call that ran is a success envelope whose {@code data.ok} says whether the tool
 * succeeded; a call refused before the process started is a failure envelope (exit 3) with the reason's
 * code ({@code unknown_plugin}, {@code invalid_arguments}, {@code untrusted_plugin}, ...).
 */
@Component(service = CliCommand.class)
@Command(PluginCallCommand.NAME)
public final class PluginCallCommand implements CliCommand {

    static final String NAME = "plugin-call";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final PluginCatalogComponent plugins;

    @Activate
    public PluginCallCommand(@Reference PluginCatalogComponent plugins) {
        this.plugins = plugins;
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
        try {
            String given = options.value("args");
            JsonNode callArguments = PluginCaller.arguments(given == null ? "{}" : given);
            PluginToolResult result = plugins.call(
                    options.positional().get(0),
                    options.positional().get(1),
                    callArguments,
                    PluginPaths.of(options),
                    limits,
                    options.has("require-trusted"));
            return PluginJson.result(
                    result, result.resultJson().map(PluginCallCommand::tree).orElse(null));
        } catch (PluginCallException refused) {
            throw CliCommandException.failure(refused.code(), refused.getMessage());
        }
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException impossible) {
            throw new IllegalStateException("the result was parsed once already", impossible);
        }
    }
}

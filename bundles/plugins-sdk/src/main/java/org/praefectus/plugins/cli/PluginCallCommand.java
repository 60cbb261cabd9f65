package org.praefectus.plugins.cli;

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
import org.praefectus.api.plugin.PluginCallRequest;
import org.praefectus.api.plugin.ProcessPlugins;

/**
 * {@code plugin-call PLUGIN_ID TOOL [--args JSON] [--path P]... [--timeout-ms N] [--max-output-bytes N]
 * [--require-trusted]}. A call that ran is a success envelope whose {@code data.ok} says whether the tool
 * succeeded; a call refused before the process started is a failure envelope (exit 3) with the reason's
 * code ({@code unknown_plugin}, {@code invalid_arguments}, {@code untrusted_plugin}, ...). Every result says how far
 * the plugin is trusted ({@code trusted}, {@code trust_reason}): an untrusted plugin runs only without {@code
 * --require-trusted}, and a pinned one whose files changed never runs. A plugin id no directory has is looked up
 * among the tools of active plugin bundles, unless {@code --path} names the directories to search
 * ({@link ProcessPlugins#call}).
 */
@Component(service = CliCommand.class)
@Command(PluginCallCommand.NAME)
public final class PluginCallCommand implements CliCommand {

    static final String NAME = "plugin-call";

    private final ProcessPlugins plugins;

    @Activate
    public PluginCallCommand(@Reference ProcessPlugins plugins) {
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
        Long maxOutput = options.number("max-output-bytes", 1, Long.MAX_VALUE);
        Long timeoutMs = options.number("timeout-ms", 1, Long.MAX_VALUE);
        try {
            return plugins.call(new PluginCallRequest(
                    options.positional().get(0),
                    options.positional().get(1),
                    options.value("args"),
                    PluginPaths.of(options),
                    timeoutMs == null ? null : Duration.ofMillis(timeoutMs),
                    maxOutput == null ? null : (int) Math.min(Integer.MAX_VALUE, maxOutput),
                    options.has("require-trusted")));
        } catch (PluginCallException refused) {
            throw CliCommandException.failure(refused.code(), refused.getMessage());
        }
    }
}

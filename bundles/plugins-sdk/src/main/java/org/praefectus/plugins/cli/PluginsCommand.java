package org.praefectus.plugins.cli;

import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.plugin.ProcessPlugins;

/**
 * {@code plugins [--path P]... [--require-trusted]}: the plugins found, each with its trust decision, and
 * the problems found. With {@code --require-trusted} untrusted plugins are listed among the errors.
 */
@Component(service = CliCommand.class)
@Command(PluginsCommand.NAME)
public final class PluginsCommand implements CliCommand {

    static final String NAME = "plugins";

    private final ProcessPlugins plugins;

    @Activate
    public PluginsCommand(@Reference ProcessPlugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "PeekabooX process plugins found on the plugin paths, with their trust decisions";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options options = Options.parse(NAME, arguments, Set.of("path"), Set.of("require-trusted"), Set.of("path"));
        if (!options.positional().isEmpty()) {
            throw CliCommandException.usage(NAME + " does not accept positional arguments");
        }
        return plugins.list(PluginPaths.of(options), options.has("require-trusted"));
    }
}

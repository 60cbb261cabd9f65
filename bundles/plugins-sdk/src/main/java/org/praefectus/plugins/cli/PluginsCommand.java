package org.praefectus.plugins.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.plugins.call.PluginCatalog;
import org.praefectus.plugins.call.PluginCatalogComponent;
import org.praefectus.plugins.manifest.PluginManifest;

/**
 * {@code plugins [--path P]... [--require-trusted]}: the plugins found, each with its trust decision, and
 * the problems found. With {@code --require-trusted} untrusted plugins are listed among the errors.
 */
@Component(service = CliCommand.class)
@Command(PluginsCommand.NAME)
public final class PluginsCommand implements CliCommand {

    static final String NAME = "plugins";

    private final PluginCatalogComponent plugins;

    @Activate
    public PluginsCommand(@Reference PluginCatalogComponent plugins) {
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
        boolean requireTrusted = options.has("require-trusted");
        PluginCatalog.Listing listing = plugins.listing(PluginPaths.of(options));
        List<Object> found = new ArrayList<>();
        List<Object> errors = new ArrayList<>();
        for (PluginCatalog.Entry entry : listing.plugins()) {
            if (requireTrusted && !entry.trust().trusted()) {
                errors.add(PluginJson.error(
                        entry.plugin().manifestPath().toString(), entry.trust().reason()));
            } else {
                found.add(PluginJson.plugin(entry));
            }
        }
        listing.problems()
                .forEach(problem -> errors.add(PluginJson.error(problem.path().toString(), problem.message())));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("sdk_version", PluginManifest.SCHEMA_VERSION);
        data.put("plugins", found);
        data.put("errors", errors);
        return data;
    }
}

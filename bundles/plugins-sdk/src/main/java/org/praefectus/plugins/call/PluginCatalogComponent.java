package org.praefectus.plugins.call;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.cli.GogoCommand;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * The plugins on disk for the {@code plugins} and {@code plugin-call} commands, and the same commands in
 * Gogo ({@code praefectus:plugins}, {@code praefectus:plugincall}) through the CLI service, so the shell
 * prints the same envelope.
 */
@Designate(ocd = PluginsConfig.class)
@Component(service = PluginCatalogComponent.class, configurationPid = PluginsConfig.PID)
@GogoCommand(
        scope = "praefectus",
        function = {"plugins", "plugincall"})
public final class PluginCatalogComponent {

    private final PluginCatalog catalog;
    private final PluginSettings settings;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile CommandLine commandLine;

    @Activate
    public PluginCatalogComponent(PluginsConfig config, @Reference ProcessRunner runner) {
        this.settings = PluginSettings.of(config, System.getenv());
        this.catalog = new PluginCatalog(
                new PluginCaller(runner, new ArgumentValidator(), settings.inheritedEnvironment()),
                settings::defaultPaths,
                settings::trustPolicy);
    }

    /** See {@link PluginCatalog#callReportingTrust}. */
    public PluginCatalog.Called callReportingTrust(
            String pluginId,
            String tool,
            JsonNode arguments,
            List<Path> paths,
            PluginCallLimits limits,
            boolean requireTrusted)
            throws PluginCallException {
        return catalog.callReportingTrust(pluginId, tool, arguments, paths, limits, requireTrusted);
    }

    /** The plugins on the given paths, or on the configured ones when none are given. */
    public PluginCatalog.Listing listing(List<Path> paths) {
        return catalog.list(paths);
    }

    /** The configured default bounds of a call. */
    public PluginCallLimits limits() {
        return settings.limits();
    }

    /** See {@link PluginCatalog#call}. */
    public PluginToolResult call(
            String pluginId,
            String tool,
            JsonNode arguments,
            List<Path> paths,
            PluginCallLimits limits,
            boolean requireTrusted)
            throws PluginCallException {
        return catalog.call(pluginId, tool, arguments, paths, limits, requireTrusted);
    }

    /** Gogo: {@code praefectus:plugins [--path P] [--require-trusted]}. */
    public String plugins(String... arguments) {
        return cli("plugins", arguments);
    }

    /** Gogo: {@code praefectus:plugincall PLUGIN_ID TOOL [OPTION...]}. */
    public String plugincall(String... arguments) {
        return cli("plugin-call", arguments);
    }

    private String cli(String command, String... arguments) {
        CommandLine cli = commandLine;
        if (cli == null) {
            return "{\"ok\":false,\"error\":{\"code\":\"unavailable\",\"message\":\"the CLI bundle is not active\"}}";
        }
        List<String> all = new ArrayList<>(List.of(command));
        all.addAll(List.of(arguments));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cli.run(all, out, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8).strip();
    }
}

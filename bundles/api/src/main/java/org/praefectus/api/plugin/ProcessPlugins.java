package org.praefectus.api.plugin;

import java.nio.file.Path;
import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * PeekabooX's process plugins as every surface reaches them ({@code plugins} and {@code plugin-call} on the CLI,
 * {@code list_plugins} and {@code call_plugin_tool} on the daemon's socket): the plugin directories found on the
 * plugin paths with their trust decisions, and one tool of one plugin run under bounds. The answers are in the one
 * JSON form every surface writes. A surface's own gates (the daemon's plugin gate) stand before these calls.
 */
@ProviderType
public interface ProcessPlugins {

    /**
     * The plugins on {@code paths} (the configured plugin paths when empty), each with its trust decision, and the
     * problems found; with {@code requireTrusted} an untrusted plugin is listed among the problems instead.
     */
    PluginListing list(List<Path> paths, boolean requireTrusted);

    /**
     * Runs one tool. A plugin id no directory on the paths has is looked up among the tools of active plugin
     * bundles ({@link PluginTool} services), unless the request names its paths.
     *
     * @throws PluginCallException refused before any process started ({@code unknown_plugin}, {@code unknown_tool},
     *                             {@code invalid_arguments}, {@code untrusted_plugin}, {@code start_failed})
     */
    PluginCallAnswer call(PluginCallRequest request) throws PluginCallException;
}

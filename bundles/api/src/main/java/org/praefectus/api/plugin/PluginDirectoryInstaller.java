package org.praefectus.api.plugin;

import java.nio.file.Path;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Installs a trusted PeekabooX plugin directory into the running framework as a bundle generated from it,
 * and uninstalls it again. Once the generated bundle starts, the extender registers its tools as
 * {@link PluginTool} services; an untrusted directory is refused and never installed.
 */
@ProviderType
public interface PluginDirectoryInstaller {

    /**
     * @param pluginDirectory a directory holding {@code peekaboox.plugin.json}, or the manifest itself
     * @return the plugin id of the installed, started bundle
     * @throws PluginCallException {@code invalid_manifest}, {@code untrusted_plugin},
     *                             {@code already_installed} or {@code install_failed}
     */
    String install(Path pluginDirectory) throws PluginCallException;

    /**
     * Uninstalls the bundle generated for a plugin; its tools leave with it.
     *
     * @return false when no generated bundle holds this plugin
     */
    boolean uninstall(String pluginId);
}

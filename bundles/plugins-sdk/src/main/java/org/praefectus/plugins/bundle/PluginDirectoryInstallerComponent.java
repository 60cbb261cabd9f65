package org.praefectus.plugins.bundle;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginDirectoryInstaller;
import org.praefectus.plugins.call.PluginSettings;
import org.praefectus.plugins.call.PluginsConfig;
import org.praefectus.plugins.manifest.ManifestException;
import org.praefectus.plugins.manifest.ManifestReader;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.trust.TrustDecision;
import org.praefectus.plugins.trust.TrustPolicy;
import org.praefectus.plugins.trust.TrustPolicyException;

/**
 * Installs trusted plugin directories as generated bundles (location
 * {@code praefectus-plugin:<id>}) and uninstalls them. The extender decides trust again on the files it
 * extracts from the bundle, so a directory changed between the two checks still never becomes a service.
 */
@Component(service = PluginDirectoryInstaller.class, configurationPid = PluginsConfig.PID)
public final class PluginDirectoryInstallerComponent implements PluginDirectoryInstaller {

    private final BundleContext context;
    private final PluginSettings settings;

    @Activate
    public PluginDirectoryInstallerComponent(BundleContext context, PluginsConfig config) {
        this.context = context;
        this.settings = PluginSettings.of(config, System.getenv());
    }

    @Override
    public String install(Path pluginDirectory) throws PluginCallException {
        PluginDescriptor plugin;
        try {
            plugin = ManifestReader.load(pluginDirectory);
        } catch (ManifestException invalid) {
            throw new PluginCallException("invalid_manifest", invalid.getMessage());
        }
        TrustDecision decision;
        try {
            decision = TrustPolicy.load(settings.trustPolicy()).decide(plugin);
        } catch (TrustPolicyException unreadable) {
            decision = new TrustDecision(false, unreadable.getMessage());
        }
        if (!decision.trusted()) {
            throw new PluginCallException("untrusted_plugin", decision.reason());
        }
        String location = PluginBundles.GENERATED_LOCATION + plugin.id();
        if (installed(plugin.id()).isPresent()) {
            throw new PluginCallException("already_installed", "plugin " + plugin.id() + " is already installed");
        }
        try {
            Bundle bundle =
                    context.installBundle(location, new ByteArrayInputStream(GeneratedPluginBundle.jar(plugin)));
            try {
                bundle.start();
            } catch (BundleException notStarted) {
                bundle.uninstall();
                throw notStarted;
            }
        } catch (IOException | BundleException failed) {
            throw new PluginCallException(
                    "install_failed", "plugin " + plugin.id() + " could not be installed: " + failed.getMessage());
        }
        return plugin.id();
    }

    @Override
    public boolean uninstall(String pluginId) {
        Optional<Bundle> bundle = installed(pluginId);
        if (bundle.isEmpty()) {
            return false;
        }
        try {
            bundle.get().uninstall();
            return true;
        } catch (BundleException | IllegalStateException gone) {
            return false;
        }
    }

    private Optional<Bundle> installed(String pluginId) {
        String location = PluginBundles.GENERATED_LOCATION + pluginId;
        return Arrays.stream(context.getBundles())
                .filter(bundle -> location.equals(bundle.getLocation()))
                .findFirst();
    }
}

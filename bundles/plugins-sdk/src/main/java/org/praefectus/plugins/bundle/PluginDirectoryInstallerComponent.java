package org.praefectus.plugins.bundle;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
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
import org.praefectus.plugins.manifest.PluginManifest;
import org.praefectus.plugins.trust.TrustDecision;
import org.praefectus.plugins.trust.TrustPolicy;
import org.praefectus.plugins.trust.TrustPolicyException;

/**
 * Installs trusted plugin directories as generated bundles (location
 * {@code praefectus-plugin:<id>}) and uninstalls them. The extender decides trust again on the files it
 * extracts from the bundle, so a directory changed between the two checks still never becomes a service.
 *
 * <p>A generated bundle is a copy, so every install also brings the copies up to date with their directories
 * (issue 42: MCP kept a session-long copy): a directory that is gone, or whose files are no longer trusted (a tampered
 * pin), loses its bundle and its tools; a trusted directory whose files changed (a re-pinned update) has its bundle
 * updated with the new files; only an unchanged one answers {@code already_installed}.
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
        removeCopiesOfRemovedDirectories();
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
        Optional<Bundle> existing = installed(plugin.id());
        if (!decision.trusted()) {
            // the files changed away from what was trusted: the old copy must not keep running
            existing.ifPresent(bundle -> uninstall(plugin.id()));
            throw new PluginCallException("untrusted_plugin", decision.reason());
        }
        String location = PluginBundles.GENERATED_LOCATION + plugin.id();
        if (existing.isPresent()) {
            return update(existing.get(), plugin);
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

    /** A trusted, already installed plugin: unchanged, or its bundle updated with the directory's files. */
    private String update(Bundle bundle, PluginDescriptor plugin) throws PluginCallException {
        try {
            if (GeneratedPluginBundle.fingerprint(plugin)
                    .equals(bundle.getHeaders().get(GeneratedPluginBundle.FINGERPRINT))) {
                throw new PluginCallException("already_installed", "plugin " + plugin.id() + " is already installed");
            }
            bundle.update(new ByteArrayInputStream(GeneratedPluginBundle.jar(plugin)));
            return plugin.id();
        } catch (IOException | BundleException | IllegalStateException failed) {
            throw new PluginCallException(
                    "install_failed", "plugin " + plugin.id() + " could not be updated: " + failed.getMessage());
        }
    }

    /** Uninstalls the generated bundles whose plugin directory no longer holds a manifest. */
    private void removeCopiesOfRemovedDirectories() {
        for (Bundle bundle : context.getBundles()) {
            String source = bundle.getLocation().startsWith(PluginBundles.GENERATED_LOCATION)
                    ? bundle.getHeaders().get(GeneratedPluginBundle.SOURCE)
                    : null;
            if (source != null && !Files.isRegularFile(Path.of(source).resolve(PluginManifest.FILE_NAME))) {
                try {
                    bundle.uninstall();
                } catch (BundleException | IllegalStateException gone) {
                    // uninstalled meanwhile
                }
            }
        }
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

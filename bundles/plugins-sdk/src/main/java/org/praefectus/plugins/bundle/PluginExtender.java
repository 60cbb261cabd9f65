package org.praefectus.plugins.bundle;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.osgi.annotation.bundle.Capability;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.ServiceRegistration;
import org.osgi.namespace.extender.ExtenderNamespace;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.util.tracker.BundleTracker;
import org.osgi.util.tracker.BundleTrackerCustomizer;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.plugins.call.ArgumentValidator;
import org.praefectus.plugins.call.PluginCaller;
import org.praefectus.plugins.call.PluginSettings;
import org.praefectus.plugins.call.PluginsConfig;
import org.praefectus.plugins.manifest.ManifestException;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.manifest.PluginToolSpec;
import org.praefectus.plugins.process.ProcessRunner;
import org.praefectus.plugins.trust.TrustDecision;
import org.praefectus.plugins.trust.TrustPolicy;
import org.praefectus.plugins.trust.TrustPolicyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The extender: while a bundle with the {@value PluginBundles#HEADER} header is active, each tool of its
 * plugin is a {@link PluginTool} service registered in that bundle's name, provided the trust policy
 * trusts the plugin's files as extracted. An untrusted plugin never becomes a service; the reason is kept
 * for {@link #refusals()}.
 */
@Capability(
        namespace = ExtenderNamespace.EXTENDER_NAMESPACE,
        name = PluginBundles.EXTENDER,
        version = PluginBundles.EXTENDER_VERSION)
@Component(service = PluginExtender.class, configurationPid = PluginsConfig.PID, immediate = true)
public final class PluginExtender {

    private static final Logger LOG = LoggerFactory.getLogger(PluginExtender.class);

    private final BundleContext context;
    private final PluginSettings settings;
    private final PluginCaller caller;
    private final Map<Long, String> refusals = new ConcurrentHashMap<>();
    private final BundleTracker<List<ServiceRegistration<PluginTool>>> tracker;

    @Activate
    public PluginExtender(BundleContext context, PluginsConfig config, @Reference ProcessRunner runner) {
        this.context = context;
        this.settings = PluginSettings.of(config, System.getenv());
        this.caller = new PluginCaller(runner, new ArgumentValidator(), settings.inheritedEnvironment());
        this.tracker = new BundleTracker<>(context, Bundle.ACTIVE, new BundleTrackerCustomizer<>() {
            @Override
            public List<ServiceRegistration<PluginTool>> addingBundle(Bundle bundle, BundleEvent event) {
                String folder = bundle.getHeaders("").get(PluginBundles.HEADER);
                return folder == null ? null : register(bundle, folder);
            }

            @Override
            public void modifiedBundle(Bundle bundle, BundleEvent event, List<ServiceRegistration<PluginTool>> tools) {
                // an active bundle's plugin does not change while it stays active
            }

            @Override
            public void removedBundle(Bundle bundle, BundleEvent event, List<ServiceRegistration<PluginTool>> tools) {
                unregister(bundle, tools);
            }
        });
        tracker.open();
    }

    @Deactivate
    void deactivate() {
        tracker.close();
    }

    /** Why plugin bundles were refused, by bundle id; for diagnostics and tests. */
    public Map<Long, String> refusals() {
        return Map.copyOf(refusals);
    }

    private Path workArea(Bundle bundle) {
        return context.getDataFile("plugins").toPath().resolve(Long.toString(bundle.getBundleId()));
    }

    private TrustDecision decide(PluginDescriptor plugin) {
        try {
            return TrustPolicy.load(settings.trustPolicy()).decide(plugin);
        } catch (TrustPolicyException unreadable) {
            return new TrustDecision(false, unreadable.getMessage());
        }
    }

    private List<ServiceRegistration<PluginTool>> register(Bundle bundle, String folder) {
        List<ServiceRegistration<PluginTool>> registrations = new ArrayList<>();
        PluginDescriptor plugin;
        try {
            plugin = PluginExtraction.extract(bundle, folder, workArea(bundle));
        } catch (ManifestException | IOException invalid) {
            refusals.put(bundle.getBundleId(), invalid.getMessage() != null ? invalid.getMessage() : "unreadable");
            LOG.warn("plugin bundle {} refused: its plugin cannot be read", bundle.getSymbolicName());
            return registrations;
        }
        TrustDecision decision = decide(plugin);
        if (!decision.trusted()) {
            refusals.put(bundle.getBundleId(), decision.reason());
            LOG.warn("plugin bundle {} refused: {}", bundle.getSymbolicName(), decision.reason());
            return registrations;
        }
        refusals.remove(bundle.getBundleId());
        BundleContext owner = bundle.getBundleContext();
        for (PluginToolSpec tool : plugin.manifest().tools()) {
            @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put(PluginTool.PLUGIN_ID_PROPERTY, plugin.id());
            properties.put(PluginTool.TOOL_PROPERTY, tool.name());
            properties.put("praefectus.plugin.version", plugin.manifest().version());
            properties.put("praefectus.plugin.trust", decision.reason());
            registrations.add(owner.registerService(
                    PluginTool.class, new ProcessPluginTool(plugin, tool, caller, () -> decide(plugin)), properties));
        }
        return registrations;
    }

    private void unregister(Bundle bundle, List<ServiceRegistration<PluginTool>> tools) {
        for (ServiceRegistration<PluginTool> registration : tools) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework unregistered it with its bundle
            }
        }
        refusals.remove(bundle.getBundleId());
        try {
            PluginExtraction.delete(workArea(bundle));
        } catch (IOException | IllegalStateException leftBehind) {
            // the data area is cleaned again when the bundle starts next
        }
    }
}

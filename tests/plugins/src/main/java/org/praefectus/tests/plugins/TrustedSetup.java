package org.praefectus.tests.plugins;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;

/** Points the plugin SDK at a trust policy file in the build directory and waits until it uses it. */
final class TrustedSetup {

    static final String PID = "org.praefectus.plugins";

    private TrustedSetup() {}

    /** @return the trust policy file; its content is the caller's to write */
    static Path configure(BundleContext context, ConfigurationAdmin configurationAdmin) throws Exception {
        Path policy = PluginFiles.work(context).resolve("trusted_plugins.json");
        Files.deleteIfExists(policy);
        Configuration configuration = configurationAdmin.getConfiguration(PID, "?");
        Dictionary<String, Object> current = configuration.getProperties();
        if (current == null || !policy.toString().equals(current.get("trustPolicy"))) {
            @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put("trustPolicy", policy.toString());
            configuration.update(properties);
        }
        for (String component : new String[] {
            "org.praefectus.plugins.bundle.PluginExtender",
            "org.praefectus.api.plugin.PluginDirectoryInstaller",
            "org.praefectus.plugins.call.PluginCatalogComponent"
        }) {
            await(context, "(&(objectClass=" + component + ")(trustPolicy=" + policy + "))");
        }
        return policy;
    }

    static Object await(BundleContext context, String filter) throws Exception {
        ServiceTracker<Object, Object> tracker =
                new ServiceTracker<>(context, FrameworkUtil.createFilter(filter), null);
        tracker.open(true);
        try {
            Object service = tracker.waitForService(30_000);
            if (service == null) {
                throw new AssertionError("no service matches " + filter + " within 30 s");
            }
            return service;
        } finally {
            tracker.close();
        }
    }
}

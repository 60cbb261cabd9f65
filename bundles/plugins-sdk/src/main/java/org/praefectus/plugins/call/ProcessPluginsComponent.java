package org.praefectus.plugins.call;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.plugin.PluginCallAnswer;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginCallRequest;
import org.praefectus.api.plugin.PluginListing;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.api.plugin.ProcessPlugins;
import org.praefectus.plugins.manifest.PluginManifest;

/**
 * {@link ProcessPlugins} over the plugin directories of {@link PluginCatalogComponent} and, for a plugin id no
 * directory has, the tools of active plugin bundles (the extender registers a {@link PluginTool} service for each tool
 * of a trusted plugin bundle while it is active).
 */
@Component(service = ProcessPlugins.class)
public final class ProcessPluginsComponent implements ProcessPlugins {

    private final PluginCatalogComponent plugins;
    private final BundleContext context;

    @Activate
    public ProcessPluginsComponent(@Reference PluginCatalogComponent plugins, BundleContext context) {
        this.plugins = plugins;
        this.context = context;
    }

    @Override
    public PluginListing list(List<java.nio.file.Path> paths, boolean requireTrusted) {
        PluginCatalog.Listing listing = plugins.listing(paths);
        List<Map<String, Object>> found = new ArrayList<>();
        List<Map<String, Object>> errors = new ArrayList<>();
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
        return new PluginListing(PluginManifest.SCHEMA_VERSION, found, errors);
    }

    @Override
    public PluginCallAnswer call(PluginCallRequest request) throws PluginCallException {
        PluginCallLimits limits = request.limits(plugins.limits());
        JsonNode arguments = PluginCaller.arguments(request.argumentsJson());
        PluginCatalog.Called called;
        try {
            called = plugins.callReportingTrust(
                    request.pluginId(), request.tool(), arguments, request.paths(), limits, request.requireTrusted());
        } catch (PluginCallException unknown) {
            if (!"unknown_plugin".equals(unknown.code()) || !request.paths().isEmpty()) {
                throw unknown;
            }
            return bundleTool(request, limits).orElseThrow(() -> unknown);
        }
        return PluginCallAnswer.of(
                called.result(), called.trust().trusted(), called.trust().reason());
    }

    private Optional<PluginCallAnswer> bundleTool(PluginCallRequest request, PluginCallLimits limits)
            throws PluginCallException {
        Collection<ServiceReference<PluginTool>> references;
        try {
            references = context.getServiceReferences(
                    PluginTool.class,
                    "(&(" + PluginTool.PLUGIN_ID_PROPERTY + "=" + escape(request.pluginId()) + ")("
                            + PluginTool.TOOL_PROPERTY + "=" + escape(request.tool()) + "))");
        } catch (InvalidSyntaxException impossible) {
            return Optional.empty();
        }
        for (ServiceReference<PluginTool> reference : references) {
            PluginTool service = context.getService(reference);
            if (service == null) {
                continue;
            }
            try {
                Object how = reference.getProperty("praefectus.plugin.trust");
                return Optional.of(PluginCallAnswer.of(
                        service.call(request.argumentsJson(), limits),
                        true,
                        "plugin bundle " + reference.getBundle().getSymbolicName() + " ("
                                + (how == null ? "trusted" : how) + ")"));
            } finally {
                context.ungetService(reference);
            }
        }
        return Optional.empty();
    }

    /** An LDAP filter value: backslash, {@code *}, {@code (} and {@code )} escaped (RFC 1960). */
    private static String escape(String value) {
        return value.replaceAll("([\\\\*()])", "\\\\$1");
    }
}

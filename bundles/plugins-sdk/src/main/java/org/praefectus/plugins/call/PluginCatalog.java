package org.praefectus.plugins.call;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.manifest.PluginDiscovery;
import org.praefectus.plugins.trust.TrustDecision;
import org.praefectus.plugins.trust.TrustPolicy;
import org.praefectus.plugins.trust.TrustPolicyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plugins on disk: discovery, trust decisions and calls, as the {@code plugins} and {@code plugin-call}
 * commands use them. Nothing is cached: every request sees the files and the trust policy as they are.
 */
public final class PluginCatalog {

    private static final Logger LOG = LoggerFactory.getLogger(PluginCatalog.class);

    /** A discovered plugin with its trust decision. */
    public record Entry(PluginDescriptor plugin, TrustDecision trust) {}

    /** A call that ran, with the trust decision on the plugin's files as they were when it started. */
    public record Called(PluginToolResult result, TrustDecision trust) {}

    /** The plugins found, the problems found, in discovery order. */
    public record Listing(List<Entry> plugins, List<PluginDiscovery.Problem> problems) {}

    private final PluginCaller caller;
    private final Supplier<List<Path>> defaultPaths;
    private final Supplier<Path> trustPolicy;

    /**
     * @param defaultPaths searched when a request names no path
     * @param trustPolicy  the trust policy file, read again for every request
     */
    public PluginCatalog(PluginCaller caller, Supplier<List<Path>> defaultPaths, Supplier<Path> trustPolicy) {
        this.caller = caller;
        this.defaultPaths = defaultPaths;
        this.trustPolicy = trustPolicy;
    }

    public Listing list(List<Path> paths) {
        PluginDiscovery.Result found = PluginDiscovery.discover(paths.isEmpty() ? defaultPaths.get() : paths);
        Optional<TrustPolicy> policy;
        String policyProblem;
        try {
            policy = Optional.of(TrustPolicy.load(trustPolicy.get()));
            policyProblem = null;
        } catch (TrustPolicyException unreadable) {
            policy = Optional.empty();
            policyProblem = unreadable.getMessage();
        }
        Optional<TrustPolicy> finalPolicy = policy;
        String finalProblem = policyProblem;
        return new Listing(
                found.plugins().stream()
                        .map(plugin -> new Entry(
                                plugin,
                                finalPolicy
                                        .map(p -> p.decide(plugin))
                                        .orElseGet(() -> new TrustDecision(false, finalProblem))))
                        .toList(),
                found.problems());
    }

    /**
     * @throws PluginCallException {@code unknown_plugin}, {@code untrusted_plugin} (with the reason) and
     *                             everything {@link PluginCaller#call} refuses
     */
    public PluginToolResult call(
            String pluginId,
            String tool,
            JsonNode arguments,
            List<Path> paths,
            PluginCallLimits limits,
            boolean requireTrusted)
            throws PluginCallException {
        return callReportingTrust(pluginId, tool, arguments, paths, limits, requireTrusted)
                .result();
    }

    /**
     * Runs one tool and says how far its plugin is trusted. An untrusted plugin runs only when trust is not
     * required, except a pinned one whose files no longer match their pin: that is a tampered plugin, refused
     * {@code untrusted_plugin} whether trust is required or not.
     *
     * @throws PluginCallException as {@link #call}
     */
    public Called callReportingTrust(
            String pluginId,
            String tool,
            JsonNode arguments,
            List<Path> paths,
            PluginCallLimits limits,
            boolean requireTrusted)
            throws PluginCallException {
        PluginDescriptor plugin =
                PluginDiscovery.discover(paths.isEmpty() ? defaultPaths.get() : paths).plugins().stream()
                        .filter(candidate -> candidate.id().equals(pluginId))
                        .findFirst()
                        .orElseThrow(() -> new PluginCallException("unknown_plugin", "no plugin with id " + pluginId));
        TrustDecision decision;
        boolean pinned;
        try {
            TrustPolicy policy = TrustPolicy.load(trustPolicy.get());
            decision = policy.decide(plugin);
            pinned = policy.pins(pluginId);
        } catch (TrustPolicyException unreadable) {
            decision = new TrustDecision(false, unreadable.getMessage());
            pinned = false;
        }
        if (!decision.trusted() && pinned) {
            LOG.warn("plugin {} refused: its files changed since they were pinned", pluginId);
            throw new PluginCallException(
                    "untrusted_plugin",
                    decision.reason() + " (its files changed since they were pinned: review them and pin them again)");
        }
        if (!decision.trusted() && requireTrusted) {
            LOG.warn("plugin {} refused: {}", pluginId, decision.reason());
            throw new PluginCallException("untrusted_plugin", decision.reason());
        }
        return new Called(caller.call(plugin, tool, arguments, limits), decision);
    }
}

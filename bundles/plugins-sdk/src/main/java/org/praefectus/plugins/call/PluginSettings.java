package org.praefectus.plugins.call;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.plugins.manifest.PluginDiscovery;
import org.praefectus.plugins.trust.TrustPolicy;

/** {@link PluginsConfig} resolved against the process environment and the current directory. */
public record PluginSettings(
        List<Path> defaultPaths, Path trustPolicy, PluginCallLimits limits, Set<String> inheritedEnvironment) {

    public static PluginSettings of(PluginsConfig config, Map<String, String> environment) {
        List<Path> paths = config.paths().length > 0
                ? Arrays.stream(config.paths()).map(Path::of).toList()
                : PluginDiscovery.defaultPaths(environment, Path.of("").toAbsolutePath());
        Path policy =
                config.trustPolicy().isBlank() ? TrustPolicy.defaultPath(environment) : Path.of(config.trustPolicy());
        return new PluginSettings(
                paths,
                policy,
                new PluginCallLimits(Duration.ofMillis(config.timeoutMs()), config.maxOutputBytes()),
                Set.of(config.inheritedEnvironment()));
    }
}

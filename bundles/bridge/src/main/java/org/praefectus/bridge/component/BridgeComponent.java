package org.praefectus.bridge.component;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.osgi.annotation.bundle.Capability;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.bridge.Bridge;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.config.InvalidConfigException;
import org.praefectus.bridge.config.SettingsLoader;
import org.praefectus.bridge.http.RequestGuard;
import org.praefectus.bridge.run.RunLimits;
import org.praefectus.bridge.run.RunPolicy;
import org.praefectus.logging.InvalidLogSettingException;
import org.praefectus.logging.LogSettings;
import org.praefectus.logging.ProcessLog;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * Runs the bridge in the framework once its ConfigAdmin configuration exists (until then it simply waits):
 * settings from the YAML file the configuration names; one {@link AgentAdapter} service per executor type;
 * processes through the {@link ProcessRunner} service. It registers the {@link Bridge} for the whiteboard
 * servlet and filter and points Felix HTTP (configuration {@value #HTTP_PID}) at the configured loopback
 * host and port. An invalid configuration refuses to start with a precise message (in the executable jar:
 * printed, exit code 2). While it runs, the process log is {@code log_dir/logs/bridge.log} ({@link ProcessLog}).
 */
@Designate(ocd = BridgeComponentConfig.class)
// the Bridge is registered by hand (only once the configuration is valid): declare it for the resolver
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=org.praefectus.bridge.Bridge")
@Component(
        service = {},
        immediate = true,
        configurationPid = BridgeComponentConfig.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class BridgeComponent {

    static final String HTTP_PID = "org.apache.felix.http";

    private final Bridge bridge;
    private final ServiceRegistration<Bridge> registration;
    private final Configuration http;
    private final ServiceRegistration<?> exit;
    private final ProcessLog.Handle log;

    @Activate
    public BridgeComponent(
            BundleContext context,
            BridgeComponentConfig config,
            @Reference ConfigurationAdmin configurationAdmin,
            @Reference ProcessRunner runner,
            @Reference(
                            service = AgentAdapter.class,
                            cardinality = ReferenceCardinality.MULTIPLE,
                            policyOption = ReferencePolicyOption.GREEDY)
                    List<AgentAdapter> adapters)
            throws Exception {
        boolean main = BridgeLaunchComponent.isMain(context);
        Map<String, String> env = environment(config);
        Bridge started = null;
        ServiceRegistration<Bridge> registered = null;
        Configuration jetty = null;
        ServiceRegistration<?> refused = null;
        ProcessLog.Handle opened = null;
        try {
            SettingsLoader loader = new SettingsLoader(env);
            Path file = config.configFile().isBlank() ? loader.configFile(new String[0]) : Path.of(config.configFile());
            BridgeSettings settings = loader.load(file);
            SettingsLoader.requireLoopback(settings.server().host());
            Map<String, AgentAdapter> byType = new LinkedHashMap<>();
            adapters.forEach(a -> byType.putIfAbsent(a.type(), a));
            RunPolicy.from(env); // refused here, with the jar's exit code 2, rather than in the Bridge
            opened = openLog(settings, env);
            started = new Bridge(settings, byType, runner, env, limits(config, env));
            registered = context.registerService(Bridge.class, started, null);
            jetty = listen(configurationAdmin, settings.server());
        } catch (InvalidConfigException e) {
            if (!main) {
                throw e;
            }
            refused = ExitWith.refuse(context, "praetor-execd: invalid configuration: " + e.getMessage(), 2);
        }
        this.bridge = started;
        this.registration = registered;
        this.http = jetty;
        this.exit = refused;
        this.log = opened;
    }

    /** The bridge's own log in its state folder, log_dir: the bridge is a long-running process. */
    private static ProcessLog.Handle openLog(BridgeSettings settings, Map<String, String> env)
            throws InvalidConfigException {
        try {
            return ProcessLog.open(settings.runtime().logDir(), "bridge", LogSettings.fromEnvironment(env));
        } catch (InvalidLogSettingException e) {
            throw new InvalidConfigException(e.getMessage());
        } catch (IOException e) {
            throw new InvalidConfigException("runtime.log_dir: the bridge's log cannot be opened: " + e.getMessage());
        }
    }

    private static RunLimits limits(BridgeComponentConfig config, Map<String, String> env)
            throws InvalidConfigException {
        RunLimits d = RunLimits.DEFAULTS;
        long maxTimeout = config.maxTimeoutSeconds() > 0
                ? config.maxTimeoutSeconds()
                : positive(env, RunLimits.MAX_TIMEOUT_ENV, d.maxTimeoutSeconds());
        long maxRequest = config.maxRequestBytes() > 0
                ? config.maxRequestBytes()
                : positive(env, RunLimits.MAX_REQUEST_ENV, d.maxRequestBytes());
        if (maxRequest > Integer.MAX_VALUE) {
            throw new InvalidConfigException(RunLimits.MAX_REQUEST_ENV + ": at most " + Integer.MAX_VALUE);
        }
        return new RunLimits(
                Duration.ofMillis(config.cancelGraceMillis()),
                Duration.ofSeconds(Math.max(1, config.heartbeatSeconds())),
                Math.max(1, config.maxEventKilobytes()) * 1024,
                d.memoryEventBytes(),
                d.maxPageBytes(),
                Duration.ofDays(Math.max(0, config.retentionDays())),
                Math.max(1, config.maxLogMegabytes()) * 1024 * 1024,
                maxTimeout,
                (int) maxRequest);
    }

    private static long positive(Map<String, String> env, String name, long fallback) throws InvalidConfigException {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new InvalidConfigException(name + ": must be a positive whole number");
    }

    /** ConfigAdmin properties and the environment, in the loader's terms (the properties win). */
    private static Map<String, String> environment(BridgeComponentConfig config) {
        Map<String, String> env = new HashMap<>(System.getenv());
        putIfSet(env, SettingsLoader.ENV_HOST, config.host());
        if (config.port() >= 0) {
            env.put(SettingsLoader.ENV_PORT, Integer.toString(config.port()));
        }
        putIfSet(env, SettingsLoader.ENV_LOG_DIR, config.logDir());
        if (config.maxConcurrentRuns() > 0) {
            env.put(SettingsLoader.ENV_MAX_CONCURRENT, Integer.toString(config.maxConcurrentRuns()));
        }
        if (config.allowedHosts().length > 0) {
            env.put(Bridge.ENV_ALLOWED_HOSTS, String.join(",", config.allowedHosts()));
        }
        if (config.allowedOrigins().length > 0) {
            env.put(RequestGuard.ENV_ALLOWED_ORIGINS, String.join(",", config.allowedOrigins()));
        }
        if (config.passApiKeys()) {
            env.put(RunPolicy.ENV_PASS_API_KEYS, "true");
        }
        putIfSet(env, RunPolicy.ENV_DESTRUCTIVE_WRITES, config.destructiveWrites());
        return env;
    }

    /**
     * Felix HTTP Jetty on exactly the configured loopback host and port (0: a free port); the connector
     * Felix opens there is replaced by the bridge's own ({@link BridgeConnectorFactoryComponent}).
     */
    private static Configuration listen(ConfigurationAdmin configurationAdmin, BridgeSettings.Server server)
            throws IOException {
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("org.apache.felix.http.enable", true);
        properties.put("org.apache.felix.http.host", server.host());
        properties.put("org.osgi.service.http.port", server.port());
        Configuration configuration = configurationAdmin.getConfiguration(HTTP_PID, "?");
        configuration.update(properties);
        return configuration;
    }

    private static void putIfSet(Map<String, String> env, String name, String value) {
        if (value != null && !value.isBlank()) {
            env.put(name, value);
        }
    }

    @Deactivate
    void deactivate() {
        // runs first: an open event stream of an active run ends only when its run does, and the servlet's
        // withdrawal (next) must not wait for a stream that waits for a run nobody will finish
        if (bridge != null) {
            bridge.close();
        }
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework is stopping
            }
        }
        if (http != null) {
            try {
                http.delete(); // Jetty falls back to the framework properties: disabled
            } catch (IOException | IllegalStateException e) {
                // ConfigAdmin is stopping with the framework
            }
        }
        ExitWith.unregister(exit);
        if (log != null) {
            log.close();
        }
    }
}

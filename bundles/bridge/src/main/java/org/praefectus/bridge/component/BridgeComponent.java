package org.praefectus.bridge.component;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.bridge.Bridge;
import org.praefectus.bridge.BridgeMain;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.config.InvalidConfigException;
import org.praefectus.bridge.config.SettingsLoader;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * Runs the bridge in the framework: settings from the YAML file named by ConfigAdmin, the executable jar's
 * {@code --config FILE} or {@code PRAETOR_EXECD_CONFIG}; one {@link AgentAdapter} service per executor
 * type; processes through the {@link ProcessRunner} service. An invalid configuration refuses to start
 * with a precise message (in the executable jar: printed, exit code 2).
 */
@Designate(ocd = BridgeComponentConfig.class)
@Component(service = {}, immediate = true, configurationPid = BridgeComponentConfig.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL)
public final class BridgeComponent {

    /** Framework property set only by run/praefectus-bridge.bndrun: this runtime is the bridge's executable jar. */
    static final String MAIN = "praefectus.bridge.main";
    static final String ARGUMENTS = "launcher.arguments";

    private final Bridge bridge;
    private final ServiceRegistration<?> exitRegistration;

    @Activate
    public BridgeComponent(BundleContext context, BridgeComponentConfig config,
            @Reference ProcessRunner runner,
            @Reference(service = AgentAdapter.class, cardinality = ReferenceCardinality.MULTIPLE,
                    policyOption = ReferencePolicyOption.GREEDY) List<AgentAdapter> adapters,
            @Reference(service = Object.class, target = "(" + ARGUMENTS + "=*)",
                    cardinality = ReferenceCardinality.OPTIONAL) Map<String, Object> launcher) throws Exception {
        boolean main = Boolean.parseBoolean(context.getProperty(MAIN));
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
        SettingsLoader loader = new SettingsLoader(env);
        Bridge started = null;
        ServiceRegistration<?> exit = null;
        try {
            Path file = !config.configFile().isBlank() ? Path.of(config.configFile())
                    : BridgeMain.configFile(main && launcher != null ? (String[]) launcher.get(ARGUMENTS)
                            : new String[0], loader);
            BridgeSettings settings = loader.load(file);
            Map<String, AgentAdapter> byType = new LinkedHashMap<>();
            adapters.forEach(a -> byType.putIfAbsent(a.type(), a));
            started = new Bridge(settings, byType, runner, env, Duration.ofMillis(config.cancelGraceMillis()));
            if (main) {
                System.out.println("praetor-execd listening on " + settings.server().host() + ":" + started.port());
            }
        } catch (InvalidConfigException e) {
            if (!main) {
                throw e;
            }
            System.err.println("praetor-execd: invalid configuration: " + e.getMessage());
            Hashtable<String, Object> properties = new Hashtable<>();
            properties.put("main.thread", Boolean.TRUE);
            exit = context.registerService(Callable.class, new ExitWith(2), properties);
        }
        this.bridge = started;
        this.exitRegistration = exit;
    }

    private static void putIfSet(Map<String, String> env, String name, String value) {
        if (value != null && !value.isBlank()) {
            env.put(name, value);
        }
    }

    @Deactivate
    void deactivate() {
        if (bridge != null) {
            bridge.close();
        }
        if (exitRegistration != null) {
            try {
                exitRegistration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework is stopping
            }
        }
    }

    /** A named class: the bnd launcher checks by reflection that {@code call()} returns Integer. */
    static final class ExitWith implements Callable<Integer> {
        private final int code;

        ExitWith(int code) {
            this.code = code;
        }

        @Override
        public Integer call() {
            return code;
        }
    }
}

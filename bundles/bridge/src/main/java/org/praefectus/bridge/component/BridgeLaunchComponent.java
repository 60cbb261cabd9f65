package org.praefectus.bridge.component;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Hashtable;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.praefectus.bridge.config.InvalidConfigException;
import org.praefectus.bridge.config.SettingsLoader;

/**
 * In the bridge's executable jar only: turns {@code --config FILE} (or {@code PRAETOR_EXECD_CONFIG}) into
 * the ConfigAdmin configuration {@value BridgeComponentConfig#PID} that starts the {@link BridgeComponent},
 * so the jar and a framework configured by its host take the same path. Without a file: exit code 2. With one,
 * the launcher's main thread runs until this component stops (the framework stops), or ends with the exit code
 * of a refused configuration ({@link ExitWith}).
 */
@Component(
        service = {},
        immediate = true)
public final class BridgeLaunchComponent {

    /** Framework property set only by run/bridge.bndrun: this runtime is the bridge's executable jar. */
    static final String MAIN = "praefectus.bridge.main";

    static final String ARGUMENTS = "launcher.arguments";

    private final ServiceRegistration<?> exit;
    private final ExitWith.UntilStopped running;

    @Activate
    public BridgeLaunchComponent(
            BundleContext context,
            @Reference ConfigurationAdmin configurationAdmin,
            @Reference(
                            service = Object.class,
                            target = "(" + ARGUMENTS + "=*)",
                            cardinality = ReferenceCardinality.OPTIONAL)
                    Map<String, Object> launcher)
            throws IOException {
        ServiceRegistration<?> refused = null;
        ExitWith.UntilStopped untilStopped = null;
        if (isMain(context)) {
            warnOfAnUnboundedHeap(Runtime.getRuntime().maxMemory());
            String[] args = launcher == null ? new String[0] : (String[]) launcher.get(ARGUMENTS);
            try {
                Path file = new SettingsLoader(System.getenv()).configFile(args);
                untilStopped = ExitWith.untilStopped(context);
                @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
                Hashtable<String, Object> properties = new Hashtable<>();
                properties.put("configFile", file.toAbsolutePath().toString());
                configurationAdmin
                        .getConfiguration(BridgeComponentConfig.PID, "?")
                        .update(properties);
            } catch (InvalidConfigException e) {
                refused = ExitWith.refuse(context, "praetor-execd: " + e.getMessage(), 2);
            }
        }
        this.exit = refused;
        this.running = untilStopped;
    }

    /** The most heap the shipped launch gives the bridge (run/src/launcher/praefectus-bridge.options). */
    static final long SHIPPED_MAX_HEAP = 256L * 1024 * 1024;

    /**
     * A jar's manifest cannot carry JVM options: started as {@code java -jar} without {@code -Xmx}, the heap may
     * grow to a quarter of the machine's memory (300 runs printing 1 MiB lines took 2.3 GB). Said once, on
     * standard error, so that the operator starts it with the launcher instead.
     */
    static void warnOfAnUnboundedHeap(long maxHeap) {
        if (maxHeap > 4 * SHIPPED_MAX_HEAP) {
            System.err.println("praetor-execd: warning: the heap may grow to " + maxHeap / (1024 * 1024)
                    + " MiB; start the bridge with its launcher (run/target/praefectus-bridge, which passes"
                    + " praefectus-bridge.options) or pass -Xmx256m");
        }
    }

    static boolean isMain(BundleContext context) {
        return Boolean.parseBoolean(context.getProperty(MAIN));
    }

    @Deactivate
    void deactivate() {
        if (running != null) {
            running.close();
        }
        ExitWith.unregister(exit);
    }
}

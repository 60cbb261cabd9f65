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
 * so the jar and a framework configured by its host take the same path. Without a file: exit code 2.
 */
@Component(
        service = {},
        immediate = true)
public final class BridgeLaunchComponent {

    /** Framework property set only by run/bridge.bndrun: this runtime is the bridge's executable jar. */
    static final String MAIN = "praefectus.bridge.main";

    static final String ARGUMENTS = "launcher.arguments";

    private final ServiceRegistration<?> exit;

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
        if (isMain(context)) {
            String[] args = launcher == null ? new String[0] : (String[]) launcher.get(ARGUMENTS);
            try {
                Path file = new SettingsLoader(System.getenv()).configFile(args);
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
    }

    static boolean isMain(BundleContext context) {
        return Boolean.parseBoolean(context.getProperty(MAIN));
    }

    @Deactivate
    void deactivate() {
        ExitWith.unregister(exit);
    }
}

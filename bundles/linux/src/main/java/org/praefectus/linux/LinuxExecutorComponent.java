package org.praefectus.linux;

import java.nio.file.Path;
import java.util.Locale;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorBackend;
import org.praefectus.api.executor.GlobalInputOptIn;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.linux.executor.DesktopConnections;
import org.praefectus.linux.executor.ExecutorSettings;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * Registers the Linux {@link Executor} ({@code praefectus.executor.backend=linux-atspi}): the {@link
 * LinuxExecutor} itself, built from the configuration and the process environment, so the registered service
 * is the executor and nothing delegates. Deactivation closes its D-Bus and X connections (and with them
 * dbus-java's threads).
 */
@Designate(ocd = ExecutorConfig.class)
@Component(service = Executor.class, configurationPid = ExecutorConfig.PID)
@ExecutorBackend(executor_backend = LinuxExecutor.BACKEND)
public final class LinuxExecutorComponent extends LinuxExecutor {

    /** The operator's opt-in to global input for this runtime (the daemon's {@code --allow-input}), while it holds. */
    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile GlobalInputOptIn optIn;

    @Activate
    public LinuxExecutorComponent(ExecutorConfig config) {
        super(new DesktopConnections(ExecutorEnvironment.of(config)), settings(config));
    }

    static ExecutorSettings settings(ExecutorConfig config) {
        SessionIsolation isolation = switch (config.session_isolation().toLowerCase(Locale.ROOT)) {
            case "host_isolated" -> SessionIsolation.HOST_ISOLATED;
            case "shared_desktop" -> SessionIsolation.SHARED_DESKTOP;
            default -> SessionIsolation.UNKNOWN;
        };
        Path screenshots = config.screenshot_directory().isBlank()
                ? Path.of(System.getProperty("user.home"), ".local", "state", "praefectus", "screenshots")
                : Path.of(config.screenshot_directory());
        return new ExecutorSettings(isolation, screenshots, config.emergency_hotkey());
    }

    @Override
    protected GlobalInputOptIn operatorOptIn() {
        return optIn;
    }

    @Deactivate
    void deactivate() {
        close();
    }
}

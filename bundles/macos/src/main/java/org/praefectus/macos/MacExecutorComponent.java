package org.praefectus.macos;

import java.nio.file.Path;
import java.util.Locale;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorBackend;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.macos.executor.MacExecutor;
import org.praefectus.macos.executor.MacSettings;
import org.praefectus.macos.jna.NativeAx;
import org.praefectus.macos.jna.NativeQuartz;

/**
 * Registers the macOS {@link Executor} ({@code praefectus.executor.backend=macos-ax}): the {@link
 * MacExecutor} itself over the JNA boundaries, built from the configuration and the process environment, so the
 * registered service is the executor and nothing delegates.
 */
@Designate(ocd = MacExecutorConfig.class)
@Component(service = Executor.class, configurationPid = MacExecutorConfig.PID)
@ExecutorBackend(executor_backend = MacExecutor.BACKEND)
public final class MacExecutorComponent extends MacExecutor {

    @Activate
    public MacExecutorComponent(MacExecutorConfig config) {
        super(new NativeAx(), new NativeQuartz(), settings(config));
    }

    static MacSettings settings(MacExecutorConfig config) {
        SessionIsolation isolation = switch (config.session_isolation().toLowerCase(Locale.ROOT)) {
            case "host_isolated" -> SessionIsolation.HOST_ISOLATED;
            case "shared_desktop" -> SessionIsolation.SHARED_DESKTOP;
            default -> SessionIsolation.UNKNOWN;
        };
        Path screenshots = config.screenshot_directory().isBlank()
                ? Path.of(
                        System.getProperty("user.home"), "Library", "Application Support", "Praefectus", "screenshots")
                : Path.of(config.screenshot_directory());
        return new MacSettings(isolation, screenshots, System.getenv());
    }
}

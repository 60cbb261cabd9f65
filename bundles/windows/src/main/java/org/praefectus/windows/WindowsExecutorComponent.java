package org.praefectus.windows;

import java.nio.file.Path;
import java.util.Locale;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorBackend;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.windows.executor.WindowsExecutor;
import org.praefectus.windows.executor.WindowsSettings;
import org.praefectus.windows.jna.NativeAcl;
import org.praefectus.windows.jna.NativeUia;

/**
 * Registers the Windows {@link Executor} ({@code praefectus.executor.backend=windows-uia}): the {@link
 * WindowsExecutor} itself over the JNA boundaries, built from the configuration and the process environment, so the
 * registered service is the executor and nothing delegates.
 */
@Designate(ocd = WindowsExecutorConfig.class)
@Component(service = Executor.class, configurationPid = WindowsExecutorConfig.PID)
@ExecutorBackend(executor_backend = WindowsExecutor.BACKEND)
public final class WindowsExecutorComponent extends WindowsExecutor {

    @Activate
    public WindowsExecutorComponent(WindowsExecutorConfig config) {
        super(new NativeUia(), new NativeAcl(), settings(config));
    }

    static WindowsSettings settings(WindowsExecutorConfig config) {
        SessionIsolation isolation = switch (config.session_isolation().toLowerCase(Locale.ROOT)) {
            case "host_isolated" -> SessionIsolation.HOST_ISOLATED;
            case "shared_desktop" -> SessionIsolation.SHARED_DESKTOP;
            default -> SessionIsolation.UNKNOWN;
        };
        String local = System.getenv().getOrDefault("LOCALAPPDATA", System.getProperty("user.home"));
        Path screenshots = config.screenshot_directory().isBlank()
                ? Path.of(local, "Praefectus", "screenshots")
                : Path.of(config.screenshot_directory());
        return new WindowsSettings(isolation, screenshots, System.getenv());
    }
}

package org.praefectus.linux;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.linux.executor.DesktopConnections;
import org.praefectus.linux.executor.ExecutorSettings;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * Registers the Linux {@link Executor} ({@code praefectus.executor.backend=linux-atspi}). Thin: every call
 * goes to a {@link LinuxExecutor} built from the configuration and the process environment; deactivation
 * closes its D-Bus and X connections (and with them dbus-java's threads).
 */
@Designate(ocd = ExecutorConfig.class)
@Component(service = Executor.class, configurationPid = ExecutorConfig.PID)
@ExecutorBackend(executor_backend = LinuxExecutor.BACKEND)
public final class LinuxExecutorComponent implements Executor {

    private final LinuxExecutor executor;

    @Activate
    public LinuxExecutorComponent(ExecutorConfig config) {
        this.executor = new LinuxExecutor(new DesktopConnections(environment(config)), settings(config));
    }

    /** The process environment with the configured display and session bus in place of its own. */
    static Map<String, String> environment(ExecutorConfig config) {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (!config.display().isBlank()) {
            environment.put("DISPLAY", config.display());
            environment.remove("WAYLAND_DISPLAY");
            environment.remove("XDG_SESSION_TYPE");
        }
        if (!config.session_bus_address().isBlank()) {
            environment.put("DBUS_SESSION_BUS_ADDRESS", config.session_bus_address());
        }
        return environment;
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
        return new ExecutorSettings(isolation, screenshots);
    }

    /** The executor this component serves, for {@link DesktopSessionComponent}. */
    LinuxExecutor executor() {
        return executor;
    }

    @Deactivate
    void deactivate() {
        executor.close();
    }

    @Override
    public Capabilities capabilities() throws ExecutorException {
        return executor.capabilities();
    }

    @Override
    public SessionIsolation sessionIsolation() {
        return executor.sessionIsolation();
    }

    @Override
    public String sharedDesktopContextHash() throws ExecutorException {
        return executor.sharedDesktopContextHash();
    }

    @Override
    public String sharedDesktopContextHash(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        return executor.sharedDesktopContextHash(cancellation, deadlineAtMs);
    }

    @Override
    public Observation observe(TargetRef target) throws ExecutorException {
        return executor.observe(target);
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return executor.observe(target, cancellation, deadlineAtMs);
    }

    @Override
    public ResolvedTarget resolve(TargetRef target) throws ExecutorException {
        return executor.resolve(target);
    }

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return executor.resolve(target, cancellation, deadlineAtMs);
    }

    @Override
    public DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        return executor.dispatch(action, target, verification, cancellation, deadlineAtMs);
    }

    @Override
    public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return executor.observeSemantic(cancellation, deadlineAtMs);
    }

    @Override
    public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return executor.listSurfaces(cancellation, deadlineAtMs);
    }

    @Override
    public SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return executor.observeSurface(surface, cancellation, deadlineAtMs);
    }

    @Override
    public CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return executor.observeCoordinates(cancellation, deadlineAtMs);
    }
}

package org.praefectus.macos;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
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
import org.praefectus.macos.executor.MacExecutor;
import org.praefectus.macos.executor.MacSettings;
import org.praefectus.macos.jna.NativeAx;
import org.praefectus.macos.jna.NativeQuartz;

/**
 * Registers the macOS {@link Executor} ({@code praefectus.executor.backend=macos-ax}). Thin: every call goes
 * to a {@link MacExecutor} over the JNA boundaries, built from the configuration and the process environment.
 */
@Designate(ocd = MacExecutorConfig.class)
@Component(service = Executor.class, configurationPid = MacExecutorConfig.PID)
@ExecutorBackend(executor_backend = MacExecutor.BACKEND)
public final class MacExecutorComponent implements Executor {

    private final MacExecutor executor;

    @Activate
    public MacExecutorComponent(MacExecutorConfig config) {
        this.executor = new MacExecutor(new NativeAx(), new NativeQuartz(), settings(config));
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

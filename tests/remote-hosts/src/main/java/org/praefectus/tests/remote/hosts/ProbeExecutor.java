package org.praefectus.tests.remote.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Evidence;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * The desktop host's executor in the remote tests: it serves {@code invoke} on any fenced element, and its
 * effect is a line in a log file (the element id, written and forced to disk before the dispatch returns),
 * so the test counts dispatches across every engine host. A hold file naming an element makes that
 * element's dispatch wait after its effect while the file exists.
 */
@Component(
        service = Executor.class,
        configurationPid = ProbeConfig.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        property = Executor.BACKEND_PROPERTY + "=probe")
public final class ProbeExecutor implements Executor {

    static final String GEOMETRY = Sha256.hex("probe-geometry".getBytes(StandardCharsets.UTF_8));

    private final Path log;
    private final Path hold;

    @Activate
    public ProbeExecutor(ProbeConfig config) {
        this.log = Path.of(config.log());
        this.hold = Path.of(config.hold());
    }

    // the hold file names the one element whose dispatch waits, after its effect, while the file exists
    private boolean holds(String element) {
        try {
            return Files.exists(hold)
                    && Files.readString(hold, StandardCharsets.UTF_8).strip().equals(element);
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public Capabilities capabilities() {
        return Capabilities.of(
                "test",
                "probe",
                SessionIsolation.SHARED_DESKTOP,
                List.of(new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED)),
                Map.of(),
                GEOMETRY);
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        if (!(target instanceof TargetRef.Element element)) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "the probe serves elements only");
        }
        return new Observation(
                new Evidence(
                        Sha256.hex("probe-observed".getBytes(StandardCharsets.UTF_8)),
                        element.target().fingerprintHash(),
                        GEOMETRY,
                        System.currentTimeMillis()),
                JsonValue.JsonObject.builder().build());
    }

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        if (!(target instanceof TargetRef.Element element)) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "the probe serves elements only");
        }
        return new ResolvedTarget.Semantic(element.target());
    }

    @Override
    public DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        String element = ((ResolvedTarget.Semantic) target).target().elementId();
        synchronized (this) {
            try {
                Files.writeString(
                        log,
                        element + "\n",
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND,
                        StandardOpenOption.SYNC);
            } catch (IOException e) {
                throw DispatchException.ambiguous("probe log is unwritable");
            }
        }
        while (holds(element)) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        return DispatchReceipt.of("probe");
    }
}

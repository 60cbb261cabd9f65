package org.praefectus.tests.engine;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Evidence;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** An executor service for the in-framework tests; hooks let a test unregister it mid-operation. */
class TestExecutor implements Executor {

    final String backend;
    final AtomicInteger dispatches = new AtomicInteger();
    final AtomicInteger surfaceReads = new AtomicInteger();
    volatile Runnable onObserve = () -> {};
    volatile Runnable onDispatch = () -> {};

    TestExecutor(String backend) {
        this.backend = backend;
    }

    @Override
    public Capabilities capabilities() {
        return Capabilities.of(
                "test",
                backend,
                SessionIsolation.SHARED_DESKTOP,
                List.of(new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED)),
                Map.of(),
                Requests.hash("geometry"));
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        onObserve.run();
        cancellation.checkBoundary(deadlineAtMs);
        return new Observation(
                new Evidence(
                        Requests.hash("observed"),
                        Requests.ELEMENT.fingerprintHash(),
                        Requests.hash("geometry"),
                        System.currentTimeMillis()),
                JsonValue.JsonObject.builder().build());
    }

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        return new ResolvedTarget.Semantic(((TargetRef.Element) target).target());
    }

    @Override
    public DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs) {
        dispatches.incrementAndGet();
        onDispatch.run();
        return DispatchReceipt.of(backend);
    }

    /** No surfaces; counts the reads, so a test sees which executor a host observed through. */
    @Override
    public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        surfaceReads.incrementAndGet();
        return List.of();
    }
}

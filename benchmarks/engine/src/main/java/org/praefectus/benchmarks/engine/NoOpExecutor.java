package org.praefectus.benchmarks.engine;

import java.util.List;
import java.util.Map;
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
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** An executor that does nothing, so the benchmark measures the engine alone. */
final class NoOpExecutor implements Executor {

    private static final Capabilities CAPABILITIES = Capabilities.of(
            "bench",
            "noop",
            SessionIsolation.SHARED_DESKTOP,
            List.of(new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED)),
            Map.of(),
            BenchmarkHost.hash("geometry"));
    private static final Observation OBSERVATION = new Observation(
            new Evidence(
                    BenchmarkHost.hash("o"),
                    BenchmarkHost.ELEMENT.fingerprintHash(),
                    BenchmarkHost.hash("geometry"),
                    1),
            JsonValue.JsonObject.builder().build());

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        return OBSERVATION;
    }

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        return new ResolvedTarget.Semantic(BenchmarkHost.ELEMENT);
    }

    @Override
    public DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs) {
        return DispatchReceipt.of("noop");
    }
}

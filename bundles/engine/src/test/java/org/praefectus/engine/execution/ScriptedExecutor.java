package org.praefectus.engine.execution;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.api.canonical.JsonValue;
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
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** A test executor whose every answer is scripted and whose every call is recorded. */
final class ScriptedExecutor implements Executor {

    interface Dispatch {
        DispatchReceipt run(CancellationToken cancellation, long deadlineAtMs) throws DispatchException;
    }

    interface Hook {
        void run() throws ExecutorException;
    }

    static final String GEOMETRY = TestAuthority.hash("geometry");

    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger dispatches = new AtomicInteger();
    List<ActionCapability> capabilities = List.of(
            new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED),
            new ActionCapability("set_value", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED),
            new ActionCapability("click", DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
    Capabilities capabilitiesOverride;
    SessionIsolation isolation = SessionIsolation.SHARED_DESKTOP;
    /** Context samples in order; {@code null} means the sentinel is unavailable. */
    final Deque<String> contexts = new ArrayDeque<>();

    String valueBefore = "old";
    String valueAfter = "old";
    boolean applySetValue = true;
    String fingerprintAfter = TestAuthority.ELEMENT.fingerprintHash();
    ExecutorException observeFailureAfter;
    ExecutorException resolveFailure;
    Hook onObserve = () -> {};
    Hook onListSurfaces = () -> {};
    Dispatch dispatch = (cancellation, deadline) -> DispatchReceipt.of("scripted");

    @Override
    public Capabilities capabilities() {
        calls.add("capabilities");
        if (capabilitiesOverride != null) {
            return capabilitiesOverride;
        }
        return Capabilities.of("test", "scripted", isolation, capabilities, Map.of("accessibility", true), GEOMETRY);
    }

    @Override
    public SessionIsolation sessionIsolation() {
        return isolation;
    }

    @Override
    public String sharedDesktopContextHash(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        calls.add("context");
        String next = contexts.isEmpty() ? null : contexts.poll();
        if (next == null) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "shared desktop context is unavailable");
        }
        cancellation.checkBoundary(deadlineAtMs);
        return next;
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        boolean after = calls.contains("dispatch");
        calls.add(after ? "observe-after" : "observe");
        onObserve.run();
        if (after && observeFailureAfter != null) {
            throw observeFailureAfter;
        }
        String value = after ? valueAfter : valueBefore;
        String fingerprint = after ? fingerprintAfter : TestAuthority.ELEMENT.fingerprintHash();
        JsonValue state = JsonValue.JsonObject.builder()
                .put("value_hash", TestAuthority.hash(value))
                .build();
        cancellation.checkBoundary(deadlineAtMs);
        return new Observation(
                new Evidence(
                        TestAuthority.hash("observation:" + value), fingerprint, GEOMETRY, System.currentTimeMillis()),
                state);
    }

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        calls.add("resolve");
        if (resolveFailure != null) {
            throw resolveFailure;
        }
        cancellation.checkBoundary(deadlineAtMs);
        return target instanceof TargetRef.Element element
                ? new ResolvedTarget.Semantic(element.target())
                : new ResolvedTarget.Point(0, 0);
    }

    @Override
    public DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        calls.add("dispatch");
        dispatches.incrementAndGet();
        DispatchReceipt receipt = dispatch.run(cancellation, deadlineAtMs);
        if (applySetValue && action instanceof Action.SetValue setValue) {
            valueAfter = setValue.value();
        }
        return receipt;
    }

    @Override
    public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        calls.add("surfaces");
        onListSurfaces.run();
        cancellation.checkBoundary(deadlineAtMs);
        return List.of();
    }
}

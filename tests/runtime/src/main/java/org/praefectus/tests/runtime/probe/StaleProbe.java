package org.praefectus.tests.runtime.probe;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
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
 * An executor bundle that a test builds from these class files and installs (see {@code StaleWiringTest}): it
 * stops in the phase its manifest's {@value #PHASE_HEADER} names until the test lets it go, then touches a class
 * it has not loaded yet. When the test has uninstalled and refreshed the bundle in between, that touch meets the
 * framework's real "bundle wiring … is no longer valid" error, as an executor mid-operation does during a hot swap.
 * It talks to the test only through JDK objects the test registers as services, so no class of either bundle
 * crosses.
 */
public final class StaleProbe implements BundleActivator, Executor {

    public static final String PHASE_HEADER = "Praefectus-Probe-Phase";
    public static final String BACKEND = "stale-probe";
    /** Service property naming each JDK object the test shares: {@code entered}, {@code release}, {@code thrown}. */
    public static final String ROLE = "praefectus.probe";

    private static final String GEOMETRY = "a".repeat(64);

    private String phase;
    private CountDownLatch entered;
    private CountDownLatch release;
    private BlockingQueue<Object> thrown;

    @Override
    @SuppressWarnings("unchecked") // the test registers a BlockingQueue<Object> under the role "thrown"
    public void start(BundleContext context) throws Exception {
        phase = context.getBundle().getHeaders().get(PHASE_HEADER);
        entered = shared(context, CountDownLatch.class, "entered");
        release = shared(context, CountDownLatch.class, "release");
        thrown = shared(context, BlockingQueue.class, "thrown");
        context.registerService(
                Executor.class,
                this,
                FrameworkUtil.asDictionary(Map.of(BACKEND_PROPERTY, BACKEND, Constants.SERVICE_RANKING, 1000)));
    }

    @Override
    public void stop(BundleContext context) {}

    private static <T> T shared(BundleContext context, Class<T> type, String role) throws Exception {
        Collection<ServiceReference<T>> found = context.getServiceReferences(type, "(" + ROLE + "=" + role + ")");
        if (found.size() != 1) {
            throw new IllegalStateException("the test shares exactly one " + role);
        }
        return context.getService(found.iterator().next());
    }

    /** Waits for the test in the named phase, then loads a class for the first time. */
    private void stopIn(String here) {
        if (!here.equals(phase)) {
            return;
        }
        entered.countDown();
        try {
            if (!release.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the probe");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while held", e);
        }
        try {
            Late.touch();
        } catch (LinkageError e) {
            thrown.add(e);
            throw e;
        }
    }

    @Override
    public Capabilities capabilities() {
        return Capabilities.of(
                "test",
                BACKEND,
                SessionIsolation.SHARED_DESKTOP,
                List.of(new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED)),
                Map.of("accessibility", true),
                GEOMETRY);
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        stopIn("observe");
        if (!(target instanceof TargetRef.Element element)) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "the probe observes elements only");
        }
        return new Observation(
                new Evidence("b".repeat(64), element.target().fingerprintHash(), GEOMETRY, System.currentTimeMillis()),
                JsonValue.JsonObject.builder().build());
    }

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        if (!(target instanceof TargetRef.Element element)) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "the probe resolves elements only");
        }
        return new ResolvedTarget.Semantic(element.target());
    }

    @Override
    public DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs) {
        stopIn("dispatch");
        return DispatchReceipt.of(BACKEND);
    }

    /** Never loaded before {@link #stopIn} touches it: its loading is what a stale wiring refuses. */
    private static final class Late {
        static void touch() {}
    }
}

package org.praefectus.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
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
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** The client and the served side joined directly: every SPI value and failure survives the wire format. */
class RemoteExecutorRoundTripTest {

    private static final long DEADLINE = System.currentTimeMillis() + 60_000;
    private static final SemanticTargetRef ELEMENT =
            new SemanticTargetRef(hash("observation"), 3, hash("provenance"), hash("element"), hash("fingerprint"));

    /** A local executor whose answers the test controls. */
    private static final class Local implements Executor {
        Object handle = new Object();
        DispatchException dispatchFailure;
        ExecutorException observeFailure;
        Action dispatched;
        ResolvedTarget dispatchedTarget;

        @Override
        public Capabilities capabilities() {
            return Capabilities.of(
                    "linux",
                    "atspi2",
                    SessionIsolation.HOST_ISOLATED,
                    List.of(new ActionCapability(
                            "set_value", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED)),
                    Map.of("accessibility", true),
                    hash("geometry"));
        }

        @Override
        public SessionIsolation sessionIsolation() {
            return SessionIsolation.HOST_ISOLATED;
        }

        @Override
        public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
                throws ExecutorException {
            if (observeFailure != null) {
                throw observeFailure;
            }
            return new Observation(
                    new Evidence(hash("observed"), hash("fingerprint"), hash("geometry"), 1234),
                    JsonValue.JsonObject.builder().put("value", "x").build());
        }

        @Override
        public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs) {
            return new ResolvedTarget.Native(handle);
        }

        @Override
        public DispatchReceipt dispatch(
                Action action,
                ResolvedTarget target,
                VerificationPolicy verification,
                CancellationToken cancellation,
                long deadlineAtMs)
                throws DispatchException {
            if (dispatchFailure != null) {
                throw dispatchFailure;
            }
            dispatched = action;
            dispatchedTarget = target;
            return new DispatchReceipt("atspi2", List.of("editable_text"));
        }
    }

    private final Local local = new Local();
    private final RemoteExecutorClient client = new RemoteExecutorClient(new ServedExecutor(local));

    @Test
    void capabilitiesAndIsolationArriveUnchanged() throws Exception {
        assertEquals(local.capabilities(), client.capabilities());
        assertEquals(SessionIsolation.HOST_ISOLATED, client.sessionIsolation());
    }

    @Test
    void anObservationArrivesUnchanged() throws Exception {
        Observation observation = client.observe(new TargetRef.Element(ELEMENT), new CancellationToken(), DEADLINE);
        assertEquals(local.observe(null, null, 0), observation);
    }

    @Test
    void theResolvedObjectStaysOnTheDesktopAndIsDispatchedOnce() throws Exception {
        ResolvedTarget resolved = client.resolve(new TargetRef.Element(ELEMENT), new CancellationToken(), DEADLINE);
        DispatchReceipt receipt = client.dispatch(
                new Action.SetValue("hello"),
                resolved,
                new VerificationPolicy.None(),
                new CancellationToken(),
                DEADLINE);
        assertEquals(new DispatchReceipt("atspi2", List.of("editable_text")), receipt);
        assertEquals(new Action.SetValue("hello"), local.dispatched);
        assertEquals(new ResolvedTarget.Native(local.handle), local.dispatchedTarget);

        // the handle was taken: a second dispatch on it is refused without effect
        DispatchException again = assertThrows(
                DispatchException.class,
                () -> client.dispatch(
                        new Action.SetValue("hello"),
                        resolved,
                        new VerificationPolicy.None(),
                        new CancellationToken(),
                        DEADLINE));
        assertEquals(EffectKnowledge.NO_EFFECT, again.effect());
        assertEquals(FailureCode.STALE_TARGET, again.code());
    }

    @Test
    void failuresKeepTheirTypeAndWhatIsKnownAboutTheEffect() throws Exception {
        local.observeFailure = new ExecutorException(ExecutorFailure.STALE_TARGET, "target changed");
        ExecutorException stale = assertThrows(
                ExecutorException.class,
                () -> client.observe(new TargetRef.Element(ELEMENT), new CancellationToken(), DEADLINE));
        assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
        assertEquals("target changed", stale.getMessage());

        local.dispatchFailure = DispatchException.ambiguous("input may have been delivered");
        ResolvedTarget resolved = client.resolve(new TargetRef.Element(ELEMENT), new CancellationToken(), DEADLINE);
        DispatchException unknown = assertThrows(
                DispatchException.class,
                () -> client.dispatch(
                        new Action.Invoke(),
                        resolved,
                        new VerificationPolicy.None(),
                        new CancellationToken(),
                        DEADLINE));
        assertEquals(EffectKnowledge.UNKNOWN, unknown.effect());
    }

    @Test
    void aCancelledOperationDoesNotCallTheDesktop() {
        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        local.observeFailure = new ExecutorException(ExecutorFailure.UNAVAILABLE, "must not be reached");
        ExecutorException failure = assertThrows(
                ExecutorException.class, () -> client.observe(new TargetRef.Element(ELEMENT), cancelled, DEADLINE));
        assertEquals(ExecutorFailure.CANCELLED, failure.failure());
    }

    private static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }
}

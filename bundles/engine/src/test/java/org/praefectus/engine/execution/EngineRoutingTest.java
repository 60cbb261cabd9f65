package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.praefectus.engine.execution.Terminals.terminal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.ContextPreservation;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;

/** Cancellation and deadlines before every effect, capability and interaction-mode routing, sentinels. */
class EngineRoutingTest {

    @TempDir
    Path directory;

    private static final TargetRef.Coordinates POINT = new TargetRef.Coordinates(
            10, 20, "display-1", TestAuthority.hash("geometry"), "native-snapshot-1", TestAuthority.hash("content"));

    @Test
    void cancelledBeforeAnythingIsCancelledBeforeEffect() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            CancellationToken token = new CancellationToken();
            token.cancel();
            ExecuteReport report =
                    fixture.engine.execute(fixture.host.request("op-1").build(), token);
            terminal(report, Terminal.CancelledBeforeEffect.class);
            assertEquals(List.of(), fixture.executor.calls);
            assertEquals(2, report.acknowledgements().size());
        }
    }

    @Test
    void passedDeadlineIsExpiredBeforeEffect() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ExecuteReport report = fixture.engine.execute(
                    fixture.host.request("op-1").deadline(1).build(), new CancellationToken());
            terminal(report, Terminal.ExpiredBeforeEffect.class);
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }

    @Test
    void cancellationDuringObservationStopsBeforeDispatch() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            CancellationToken token = new CancellationToken();
            fixture.executor.onObserve = token::cancel;
            terminal(
                    fixture.engine.execute(fixture.host.request("op-1").build(), token),
                    Terminal.CancelledBeforeEffect.class);
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }

    @Test
    void cancellationBetweenChunksAfterAPartialDispatchIsUnknown() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            CancellationToken token = new CancellationToken();
            fixture.executor.dispatch = (cancellation, deadline) -> {
                DispatchException.checkBeforeEffect(cancellation, deadline, false);
                token.cancel(); // first chunk delivered, then the host cancels
                DispatchException.checkBeforeEffect(cancellation, deadline, true);
                throw new AssertionError("unreachable");
            };
            Terminal.OutcomeUnknown unknown = terminal(
                    fixture.engine.execute(fixture.host.request("op-1").build(), token), Terminal.OutcomeUnknown.class);
            assertEquals(Effect.UNKNOWN, unknown.receipt().effect());
        }
    }

    @Test
    void unknownSessionIsolationIsRefused() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.isolation = SessionIsolation.UNKNOWN;
            Terminal.Rejected rejected = terminal(
                    fixture.engine.execute(fixture.host.request("op-1").build(), new CancellationToken()),
                    Terminal.Rejected.class);
            assertEquals(FailureCode.UNSUPPORTED, rejected.code());
        }
    }

    @Test
    void inconsistentCapabilityFactsAreRefused() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.capabilitiesOverride = new Capabilities(
                    "test",
                    "scripted",
                    SessionIsolation.SHARED_DESKTOP,
                    List.of("invoke"),
                    List.of(new ActionCapability("invoke", DeliveryRoute.POINTER, BackgroundSupport.GUARDED)),
                    new java.util.TreeMap<>(Map.of()),
                    "");
            terminal(
                    fixture.engine.execute(fixture.host.request("op-1").build(), new CancellationToken()),
                    Terminal.Rejected.class);
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }

    @Test
    void backgroundOnlyRefusesAPointerRouteOnASharedDesktop() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory, NullOutcomeLedger.INSTANCE, true)) {
            ExecuteReport report = fixture.engine.execute(
                    fixture.host
                            .request("op-1")
                            .action(new Action.Click(MouseButton.LEFT, 1, false))
                            .target(POINT)
                            .mode(InteractionMode.BACKGROUND_ONLY)
                            .build(),
                    new CancellationToken());
            assertEquals(
                    FailureCode.UNSUPPORTED,
                    terminal(report, Terminal.Rejected.class).code());
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }

    @Test
    void globalInputIsRefusedWithNoEffectUnlessTheHostOptsIn() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ExecuteReport report = fixture.engine.execute(
                    fixture.host
                            .request("op-1")
                            .action(new Action.Click(MouseButton.LEFT, 1, false))
                            .target(POINT)
                            .build(),
                    new CancellationToken());
            assertEquals(
                    FailureCode.PERMISSION_DENIED,
                    terminal(report, Terminal.Rejected.class).code());
            assertEquals(0, fixture.executor.dispatches.get());
        }
        try (EngineFixture fixture = new EngineFixture(directory.resolve("opt-in"), NullOutcomeLedger.INSTANCE, true)) {
            ExecuteReport report = fixture.engine.execute(
                    fixture.host
                            .request("op-1")
                            .action(new Action.Click(MouseButton.LEFT, 1, false))
                            .target(POINT)
                            .build(),
                    new CancellationToken());
            // a custom executor's click without verification is at best executed_unverified
            assertEquals(
                    Effect.EXECUTED_UNVERIFIED,
                    terminal(report, Terminal.Succeeded.class).receipt().effect());
            assertEquals(1, fixture.executor.dispatches.get());
        }
    }

    @Test
    void backgroundOnTargetAddressedRouteSamplesTheSentinelBeforeAndAfter() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.contexts.addAll(List.of("ctx", "ctx"));
            ExecuteReport report = fixture.engine.execute(
                    fixture.host
                            .request("op-1")
                            .mode(InteractionMode.BACKGROUND_ONLY)
                            .build(),
                    new CancellationToken());
            Terminal.Succeeded succeeded = terminal(report, Terminal.Succeeded.class);
            assertEquals(
                    ContextPreservation.UNCHANGED_AT_BOUNDARIES,
                    succeeded.receipt().contextPreservation());
            assertEquals(
                    List.of("capabilities", "observe", "resolve", "context", "dispatch", "context", "observe-after"),
                    fixture.executor.calls);
        }
    }

    @Test
    void aChangedSentinelMakesTheOutcomeUnknown() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.contexts.addAll(List.of("ctx", "focus-moved"));
            ExecuteReport report = fixture.engine.execute(
                    fixture.host
                            .request("op-1")
                            .setValue("new")
                            .mode(InteractionMode.BACKGROUND_ONLY)
                            .build(),
                    new CancellationToken());
            Terminal.OutcomeUnknown unknown = terminal(report, Terminal.OutcomeUnknown.class);
            assertEquals(ContextPreservation.CHANGED, unknown.receipt().contextPreservation());
            assertEquals(Effect.UNKNOWN, unknown.receipt().effect());
        }
    }

    @Test
    void anUnavailableSentinelAfterDispatchMakesTheOutcomeUnknown() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.contexts.add("ctx");
            ExecuteReport report = fixture.engine.execute(
                    fixture.host
                            .request("op-1")
                            .setValue("new")
                            .mode(InteractionMode.BACKGROUND_ONLY)
                            .build(),
                    new CancellationToken());
            assertEquals(
                    ContextPreservation.UNAVAILABLE,
                    terminal(report, Terminal.OutcomeUnknown.class).receipt().contextPreservation());
        }
    }

    @Test
    void anUnavailableSentinelBeforeDispatchRefusesWithNoEffect() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ExecuteReport report = fixture.engine.execute(
                    fixture.host
                            .request("op-1")
                            .mode(InteractionMode.BACKGROUND_ONLY)
                            .build(),
                    new CancellationToken());
            assertEquals(
                    FailureCode.UNSUPPORTED,
                    terminal(report, Terminal.Rejected.class).code());
            assertFalse(fixture.executor.calls.contains("dispatch"));
        }
    }

    @Test
    void hostIsolatedSessionsNeedNoSentinel() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.isolation = SessionIsolation.HOST_ISOLATED;
            ExecuteReport report = fixture.engine.execute(
                    fixture.host
                            .request("op-1")
                            .mode(InteractionMode.BACKGROUND_ONLY)
                            .build(),
                    new CancellationToken());
            assertEquals(
                    ContextPreservation.HOST_ISOLATED,
                    terminal(report, Terminal.Succeeded.class).receipt().contextPreservation());
            assertFalse(fixture.executor.calls.contains("context"));
        }
    }

    @Test
    void staleAndMissingTargetsAreRejectedBeforeDispatch() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.resolveFailure = new ExecutorException(ExecutorFailure.STALE_TARGET, "stale");
            assertEquals(
                    FailureCode.STALE_TARGET,
                    terminal(
                                    fixture.engine.execute(
                                            fixture.host.request("op-1").build(), new CancellationToken()),
                                    Terminal.Rejected.class)
                            .code());
            fixture.executor.resolveFailure = new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "gone");
            assertEquals(
                    FailureCode.TARGET_NOT_FOUND,
                    terminal(
                                    fixture.engine.execute(
                                            fixture.host.request("op-2").build(), new CancellationToken()),
                                    Terminal.Rejected.class)
                            .code());
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }
}

package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.engine.execution.Terminals.terminal;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;

/**
 * The {@code per_process_event} route end to end, as the reference's {@code strict_action_capability}: an
 * executor that advertises it for pointer or keyboard input is dispatched (and, being no global input,
 * without the host's global-input opt-in), the receipt states it, and the ledger replays it; advertised for
 * an element action it makes the capability facts inconsistent and nothing is dispatched.
 */
class EnginePerProcessRouteTest {

    private static final TargetRef.Coordinates POINT = new TargetRef.Coordinates(
            10, 20, "display-1", TestAuthority.hash("geometry"), "native-snapshot-1", TestAuthority.hash("content"));

    @TempDir
    Path directory;

    @Test
    void anAdvertisedPerProcessClickIsDispatchedReportedAndReplayed() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory, NullOutcomeLedger.INSTANCE, false)) {
            fixture.executor.capabilities = List.of(
                    new ActionCapability("click", DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.UNAVAILABLE));
            var request = fixture.host
                    .request("per-process-click")
                    .action(new Action.Click(MouseButton.LEFT, 1, false))
                    .target(POINT)
                    .build();

            Terminal.Succeeded succeeded =
                    terminal(fixture.engine.execute(request, new CancellationToken()), Terminal.Succeeded.class);
            ExecuteReport replay = fixture.engine.execute(request, new CancellationToken());

            assertEquals(DeliveryRoute.PER_PROCESS_EVENT, succeeded.receipt().deliveryRoute());
            assertTrue(replay.terminalAck().replayed());
            Terminal.Succeeded replayed = terminal(replay, Terminal.Succeeded.class);
            assertEquals(DeliveryRoute.PER_PROCESS_EVENT, replayed.receipt().deliveryRoute());
            assertEquals(1, fixture.executor.dispatches.get());
        }
    }

    @Test
    void thePointerRouteStillNeedsTheGlobalInputOptIn() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory, NullOutcomeLedger.INSTANCE, false)) {
            fixture.executor.capabilities =
                    List.of(new ActionCapability("click", DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
            Terminal.Rejected rejected = terminal(
                    fixture.engine.execute(
                            fixture.host
                                    .request("pointer-click")
                                    .action(new Action.Click(MouseButton.LEFT, 1, false))
                                    .target(POINT)
                                    .build(),
                            new CancellationToken()),
                    Terminal.Rejected.class);
            assertEquals(FailureCode.PERMISSION_DENIED, rejected.code());
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }

    @Test
    void aPerProcessInvokeIsInconsistentAndNeverDispatched() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory, NullOutcomeLedger.INSTANCE, true)) {
            fixture.executor.capabilities =
                    List.of(new ActionCapability("invoke", DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.GUARDED));
            Terminal.Rejected rejected = terminal(
                    fixture.engine.execute(
                            fixture.host.request("per-process-invoke").build(), new CancellationToken()),
                    Terminal.Rejected.class);
            assertEquals(FailureCode.UNSUPPORTED, rejected.code());
            assertEquals(0, fixture.executor.dispatches.get());
            assertTrue(fixture.engine.status("per-process-invoke").isPresent());
        }
    }
}

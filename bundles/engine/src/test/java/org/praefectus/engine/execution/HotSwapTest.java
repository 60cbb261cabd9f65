package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.engine.execution.Terminals.terminal;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Terminal;

/** An executor service that leaves mid-operation: never a success, never dispatched twice after it returns. */
class HotSwapTest {

    @TempDir
    Path directory;

    @Test
    void leavingBeforeDispatchIsCancelledBeforeEffect() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.onObserve = () -> fixture.registry.remove(fixture.executor);
            ExecuteReport report =
                    fixture.engine.execute(fixture.host.request("op-1").build(), new CancellationToken());
            terminal(report, Terminal.CancelledBeforeEffect.class);
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }

    @Test
    void leavingDuringDispatchIsOutcomeUnknownAndTheReturnReplays() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.dispatch = (cancellation, deadline) -> {
                fixture.registry.remove(fixture.executor);
                return DispatchReceipt.of("scripted");
            };
            ActionRequest request = fixture.host.request("op-1").setValue("new").build();
            ExecuteReport report = fixture.engine.execute(request, new CancellationToken());
            terminal(report, Terminal.OutcomeUnknown.class);
            assertFalse(fixture.executor.calls.contains("observe-after"), "a departed executor is not called again");

            fixture.registry.add(fixture.executor, 0);
            ExecuteReport again = fixture.engine.execute(request, new CancellationToken());
            assertTrue(again.terminalAck().replayed());
            terminal(again, Terminal.OutcomeUnknown.class);
            assertEquals(1, fixture.executor.dispatches.get());
        }
    }

    @Test
    void aReplacementExecutorDoesNotRedispatchAnInterruptedOperation() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.dispatch = (cancellation, deadline) -> {
                fixture.registry.remove(fixture.executor);
                throw new IllegalStateException("bundle stopped");
            };
            ActionRequest request = fixture.host.request("op-1").build();
            terminal(fixture.engine.execute(request, new CancellationToken()), Terminal.OutcomeUnknown.class);
            ScriptedExecutor replacement = new ScriptedExecutor();
            fixture.registry.add(replacement, 10);
            assertTrue(fixture.engine
                    .execute(request, new CancellationToken())
                    .terminalAck()
                    .replayed());
            assertEquals(0, replacement.dispatches.get());
        }
    }
}

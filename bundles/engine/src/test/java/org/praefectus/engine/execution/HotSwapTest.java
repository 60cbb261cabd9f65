package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.engine.execution.Terminals.terminal;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
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

    /**
     * Issue 42, defect 5: a host presented an operation again between a swap's departure and arrival and was
     * refused {@code executor_unavailable} while the ledger held the operation's terminal. Without an executor the
     * ledger still answers what it holds; only an operation it does not know is refused, and left unclaimed.
     */
    @Test
    void anOperationPresentedAgainWhileNoExecutorIsBoundIsItsRecordedTerminal() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ActionRequest request = fixture.host.request("op-1").build();
            ExecuteReport first = fixture.engine.execute(request, new CancellationToken());
            terminal(first, Terminal.Succeeded.class);
            fixture.registry.remove(fixture.executor);

            ExecuteReport again = fixture.engine.execute(request, new CancellationToken());
            assertTrue(again.terminalAck().replayed());
            assertEquals(first.terminalAck().state(), again.terminalAck().state());
            assertEquals(Optional.of(first.terminalAck()), fixture.engine.status("op-1"));
            assertEquals(
                    EngineError.CONFLICT,
                    assertThrows(
                                    EngineException.class,
                                    () -> fixture.engine.execute(
                                            fixture.host
                                                    .request("op-1")
                                                    .setValue("other")
                                                    .build(),
                                            new CancellationToken()))
                            .error());

            EngineException unknown = assertThrows(
                    EngineException.class,
                    () -> fixture.engine.execute(fixture.host.request("op-2").build(), new CancellationToken()));
            assertEquals(EngineError.EXECUTOR_UNAVAILABLE, unknown.error());
            assertEquals(Optional.empty(), fixture.engine.status("op-2"), "nothing claimed");
            assertEquals(1, fixture.executor.dispatches.get());
        }
    }
}

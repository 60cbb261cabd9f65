package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.praefectus.engine.execution.Terminals.terminal;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Terminal;

/**
 * Regression (issue 42, defect 5): during a hot swap of the Linux executor, {@code ClassNotFoundException … the
 * bundle wiring for org.praefectus.linux is no longer valid} reached the host's thread as an Error through {@code
 * Engine.execute}, leaving a claim without a terminal. An executor whose bundle is gone throws {@link
 * NoClassDefFoundError} from any call; the engine ends the operation with a terminal that the ledger records and
 * the host receives alike, before dispatch as after.
 */
class StaleBundleWiringTest {

    private static final String STALE =
            "org/praefectus/linux/atspi/Snapshot: the bundle wiring for org.praefectus.linux" + " is no longer valid";

    @TempDir
    Path directory;

    @Test
    void anExecutorWhoseBundleWentAwayBeforeDispatchEndsWithoutEffect() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.onObserve = () -> {
                fixture.registry.remove(fixture.executor);
                throw new NoClassDefFoundError(STALE);
            };
            ActionRequest request = fixture.host.request("stale-1").build();
            ExecuteReport report = fixture.engine.execute(request, new CancellationToken());
            terminal(report, Terminal.CancelledBeforeEffect.class);
            assertEquals(0, fixture.executor.dispatches.get());
            assertEquals(
                    report.terminalAck().state(),
                    fixture.engine.status("stale-1").orElseThrow().state(),
                    "ledger and host agree");
        }
    }

    @Test
    void anExecutorWhoseBundleWentAwayAfterDispatchIsOutcomeUnknown() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.onObserve = () -> {
                if (fixture.executor.calls.contains("dispatch")) {
                    throw new NoClassDefFoundError(STALE);
                }
            };
            ActionRequest request =
                    fixture.host.request("stale-2").setValue("new").build();
            ExecuteReport report = fixture.engine.execute(request, new CancellationToken());
            terminal(report, Terminal.OutcomeUnknown.class);
            assertEquals(1, fixture.executor.dispatches.get());
            assertEquals(
                    report.terminalAck().state(),
                    fixture.engine.status("stale-2").orElseThrow().state(),
                    "ledger and host agree");
        }
    }

    @Test
    void anExecutorThatFailsToLinkBeforeItIsObservedIsAFailure() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            fixture.executor.onObserve = () -> {
                throw new NoClassDefFoundError(STALE);
            };
            ActionRequest request = fixture.host.request("stale-3").build();
            ExecuteReport report = fixture.engine.execute(request, new CancellationToken());
            terminal(report, Terminal.Failed.class);
            assertEquals(0, fixture.executor.dispatches.get());
            assertEquals(
                    report.terminalAck().state(),
                    fixture.engine.status("stale-3").orElseThrow().state(),
                    "ledger and host agree");
        }
    }
}

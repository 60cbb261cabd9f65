package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

class LeasedObservationTest {

    private static long deadline() {
        return System.currentTimeMillis() + 10_000;
    }

    @Test
    void withoutAnExecutorAHostGetsTheEnginesTypedError() {
        LeasedObservation observation = new LeasedObservation(new ExecutorRegistry());
        EngineException none =
                assertThrows(EngineException.class, () -> observation.surfaces(new CancellationToken(), deadline()));
        assertEquals(EngineError.EXECUTOR_UNAVAILABLE, none.error());
    }

    @Test
    void aHostReadsTheExecutorAnOperationWouldLease() throws Exception {
        ScriptedExecutor lower = new ScriptedExecutor();
        ScriptedExecutor chosen = new ScriptedExecutor();
        ExecutorRegistry registry = new ExecutorRegistry();
        registry.add(lower, 0);
        registry.add(chosen, 5);
        assertEquals(List.of(), new LeasedObservation(registry).surfaces(new CancellationToken(), deadline()));
        assertEquals(List.of("surfaces"), chosen.calls);
        assertEquals(List.of(), lower.calls);
        try (ExecutorRegistry.Lease lease = registry.acquire().orElseThrow()) {
            assertEquals(chosen, lease.executor(), "dispatch would lease the executor that was read");
        }
    }

    @Test
    void anExecutorLeavingMidReadCancelsTheReadNotTheHostsToken() {
        ScriptedExecutor leaving = new ScriptedExecutor();
        ExecutorRegistry registry = ExecutorRegistry.of(leaving);
        leaving.onListSurfaces = () -> registry.remove(leaving);
        CancellationToken host = new CancellationToken();
        ExecutorException cancelled =
                assertThrows(ExecutorException.class, () -> new LeasedObservation(registry).surfaces(host, deadline()));
        assertEquals(ExecutorFailure.CANCELLED, cancelled.failure());
        assertFalse(host.isCancelled());
    }
}

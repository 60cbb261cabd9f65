package org.praefectus.nativecore;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

class ProcessIdentityTest {

    private final Map<Long, Long> started = new HashMap<>(Map.of(42L, 1_000L));
    private final ProcessIdentity processes = new ProcessIdentity(
            "test-process", pid -> started.containsKey(pid) ? OptionalLong.of(started.get(pid)) : OptionalLong.empty());

    @Test
    void aReusedProcessIdIsANewGeneration() throws ExecutorException {
        String first = processes.generation(42);
        started.put(42L, 2_000L);
        assertNotEquals(first, processes.generation(42));
        ExecutorException e = assertThrows(ExecutorException.class, () -> processes.require(42, first));
        assertEquals(ExecutorFailure.STALE_TARGET, e.failure());
    }

    @Test
    void theSameProcessKeepsItsGeneration() throws ExecutorException {
        String generation = processes.generation(42);
        assertDoesNotThrow(() -> processes.require(42, generation));
    }

    @Test
    void anExitedOrInvalidProcessIsStale() {
        assertEquals(
                ExecutorFailure.STALE_TARGET,
                assertThrows(ExecutorException.class, () -> processes.generation(7))
                        .failure());
        assertEquals(
                ExecutorFailure.STALE_TARGET,
                assertThrows(ExecutorException.class, () -> processes.generation(0))
                        .failure());
    }

    @Test
    void platformsNeverShareAGeneration() throws ExecutorException {
        ProcessIdentity other = new ProcessIdentity("other-process", pid -> OptionalLong.of(1_000L));
        assertNotEquals(processes.generation(42), other.generation(42));
    }
}

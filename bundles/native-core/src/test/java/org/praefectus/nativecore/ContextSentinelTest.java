package org.praefectus.nativecore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

class ContextSentinelTest {

    private static JsonValue focus(long window) {
        return new JsonValue.JsonArray(List.of(JsonValue.JsonNumber.of(window)));
    }

    private static String hash(JsonValue... samples) throws ExecutorException {
        Deque<JsonValue> queue = new ArrayDeque<>(List.of(samples));
        return new ContextSentinel(queue::removeFirst).hash(new CancellationToken(), Long.MAX_VALUE);
    }

    @Test
    void twoAgreeingSamplesGiveTheHashOfTheDesktop() throws ExecutorException {
        assertEquals(hash(focus(1), focus(1)), hash(focus(1), focus(1)));
        assertNotEquals(hash(focus(1), focus(1)), hash(focus(2), focus(2)));
    }

    @Test
    void aDesktopThatChangesWhileSampledIsUnavailable() {
        ExecutorException e = assertThrows(ExecutorException.class, () -> hash(focus(1), focus(2)));
        assertEquals(ExecutorFailure.UNAVAILABLE, e.failure());
    }

    @Test
    void aCancelledOperationStopsBetweenTheSamples() {
        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        ContextSentinel sentinel = new ContextSentinel(() -> focus(1));
        assertThrows(ExecutorException.class, () -> sentinel.hash(cancelled, Long.MAX_VALUE));
    }
}

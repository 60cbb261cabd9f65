package org.praefectus.linux.atspi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

class PendingCallTest {

    private static long later() {
        return System.currentTimeMillis() + 10_000;
    }

    @Test
    void aKnownValueIsCollectedOnlyWithinTheBoundary() throws Exception {
        PendingCall<Long> known = PendingCall.known(42L);
        assertEquals(42L, known.await(new CancellationToken(), later()));

        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        assertEquals(
                ExecutorFailure.CANCELLED,
                assertThrows(ExecutorException.class, () -> known.await(cancelled, later()))
                        .failure());
        assertEquals(
                ExecutorFailure.EXPIRED,
                assertThrows(
                                ExecutorException.class,
                                () -> known.await(new CancellationToken(), System.currentTimeMillis() - 1))
                        .failure());
    }

    @Test
    void aConversionAppliesWhenCollectedAndAReplyOfAnotherShapeIsUnavailable() throws Exception {
        assertEquals("42", PendingCall.known(42L).map(String::valueOf).await(new CancellationToken(), later()));

        PendingCall<Object> wrongShape = PendingCall.known("not a number");
        PendingCall<Long> converted = wrongShape.map(value -> (Long) value);
        assertEquals(
                ExecutorFailure.UNAVAILABLE,
                assertThrows(ExecutorException.class, () -> converted.await(new CancellationToken(), later()))
                        .failure());
    }

    @Test
    void aFailedCallStaysFailedWithoutConversion() {
        PendingCall<Long> failed = (cancellation, deadlineAtMs) -> {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility backend is unavailable");
        };
        int[] conversions = {0};
        PendingCall<Long> converted = failed.map(value -> {
            conversions[0]++;
            return value;
        });
        assertEquals(
                ExecutorFailure.UNAVAILABLE,
                assertThrows(ExecutorException.class, () -> converted.await(new CancellationToken(), later()))
                        .failure());
        assertEquals(0, conversions[0]);
    }
}

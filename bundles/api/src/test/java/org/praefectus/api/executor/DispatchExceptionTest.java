package org.praefectus.api.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.FailureCode;

/** A failed re-resolution at dispatch is a failure before any effect, with the matching code. */
class DispatchExceptionTest {

    private static DispatchException of(ExecutorFailure failure) {
        return DispatchException.beforeEffect(new ExecutorException(failure, "fixed text"));
    }

    @Test
    void eachFailureMapsToItsNoEffectFailure() {
        assertEquals(
                EffectKnowledge.CANCELLED_BEFORE_EFFECT,
                of(ExecutorFailure.CANCELLED).effect());
        assertEquals(
                EffectKnowledge.EXPIRED_BEFORE_EFFECT,
                of(ExecutorFailure.EXPIRED).effect());
        assertEquals(FailureCode.STALE_TARGET, of(ExecutorFailure.STALE_TARGET).code());
        assertEquals(
                FailureCode.TARGET_NOT_FOUND,
                of(ExecutorFailure.TARGET_NOT_FOUND).code());
        assertEquals(
                FailureCode.INVALID_REQUEST, of(ExecutorFailure.INVALID_REQUEST).code());
        assertEquals(FailureCode.UNSUPPORTED, of(ExecutorFailure.UNAVAILABLE).code());
        for (ExecutorFailure failure : ExecutorFailure.values()) {
            if (failure != ExecutorFailure.CANCELLED && failure != ExecutorFailure.EXPIRED) {
                assertEquals(EffectKnowledge.NO_EFFECT, of(failure).effect());
                assertEquals("fixed text", of(failure).getMessage());
            }
        }
    }
}

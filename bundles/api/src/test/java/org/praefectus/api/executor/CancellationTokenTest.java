package org.praefectus.api.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CancellationTokenTest {

    @Test
    void linkedTokenFollowsEveryParentButNotTheOtherWay() {
        CancellationToken host = new CancellationToken();
        CancellationToken departure = new CancellationToken();
        CancellationToken linked = CancellationToken.linkedTo(host, departure);
        assertFalse(linked.isCancelled());
        departure.cancel();
        assertTrue(linked.isCancelled());
        assertFalse(host.isCancelled());

        CancellationToken other = CancellationToken.linkedTo(host);
        other.cancel();
        assertFalse(host.isCancelled());
    }

    @Test
    void boundaryRefusesCancelledBeforeExpired() {
        CancellationToken token = new CancellationToken();
        ExecutorException expired = assertThrows(ExecutorException.class, () -> token.checkBoundary(1));
        assertEquals(ExecutorFailure.EXPIRED, expired.failure());
        token.cancel();
        ExecutorException cancelled = assertThrows(ExecutorException.class, () -> token.checkBoundary(Long.MAX_VALUE));
        assertEquals(ExecutorFailure.CANCELLED, cancelled.failure());
    }

    @Test
    void checkBeforeEffectIsAmbiguousOnlyAfterAPartialDispatch() {
        CancellationToken token = new CancellationToken();
        token.cancel();
        assertEquals(
                EffectKnowledge.CANCELLED_BEFORE_EFFECT,
                assertThrows(
                                DispatchException.class,
                                () -> DispatchException.checkBeforeEffect(token, Long.MAX_VALUE, false))
                        .effect());
        assertEquals(
                EffectKnowledge.UNKNOWN,
                assertThrows(
                                DispatchException.class,
                                () -> DispatchException.checkBeforeEffect(token, Long.MAX_VALUE, true))
                        .effect());
        assertEquals(
                EffectKnowledge.EXPIRED_BEFORE_EFFECT,
                assertThrows(
                                DispatchException.class,
                                () -> DispatchException.checkBeforeEffect(new CancellationToken(), 1, false))
                        .effect());
    }
}

package org.praefectus.linux.atspi;

import java.util.function.Function;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

/**
 * One D-Bus call in flight, collected later within the caller's boundary. Many can be in flight at once,
 * so a tree is read in a few pipelined waves instead of one round trip per node.
 */
@FunctionalInterface
public interface PendingCall<T> {

    /**
     * Waits for the reply.
     *
     * @throws ExecutorException cancelled, expired, or {@code unavailable} for any D-Bus failure
     */
    T await(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException;

    /** The reply, converted when it is collected. */
    default <R> PendingCall<R> map(Function<? super T, ? extends R> conversion) {
        return (cancellation, deadlineAtMs) -> {
            T value = await(cancellation, deadlineAtMs);
            try {
                return conversion.apply(value);
            } catch (RuntimeException e) {
                // a reply of another shape than the interface declares
                throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility backend is unavailable");
            }
        };
    }

    /** A value already known, for a call that need not be made. */
    static <T> PendingCall<T> known(T value) {
        return (cancellation, deadlineAtMs) -> {
            cancellation.checkBoundary(deadlineAtMs);
            return value;
        };
    }
}

package org.praefectus.nativecore;

import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

/**
 * The shared-desktop sentinel: the platform's sample of who has the foreground, focus and pointer, taken twice;
 * a difference between the two or a missing part is unavailable, and the engine turns a change across the
 * dispatch into {@code outcome_unknown}.
 */
public final class ContextSentinel {

    /** One sample of the desktop's foreground, focus and pointer; a part that cannot be read is {@link #unavailable}. */
    @FunctionalInterface
    public interface Sample {
        JsonValue take() throws ExecutorException;
    }

    private final Sample sample;

    public ContextSentinel(Sample sample) {
        this.sample = sample;
    }

    /** The sentinel hash, when two samples agree. */
    public String hash(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        JsonValue first = sample.take();
        cancellation.checkBoundary(deadlineAtMs);
        JsonValue second = sample.take();
        if (!first.equals(second)) {
            throw unavailable("the desktop changed while sampled");
        }
        return CanonicalJson.hash(second);
    }

    /** The refusal of a sample that cannot be taken. */
    public static ExecutorException unavailable(String reason) {
        return new ExecutorException(ExecutorFailure.UNAVAILABLE, "desktop state is unavailable: " + reason);
    }
}

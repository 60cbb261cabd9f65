package org.praefectus.mcp.host;

import java.util.concurrent.CompletableFuture;
import org.praefectus.api.executor.CancellationToken;

/**
 * The cancellation of one tool call: the token the engine and the executor check, and a future that completes
 * when the client cancels, so a wait (a person's confirmation) ends at once instead of at its timeout.
 */
public final class CallCancellation {

    private final CancellationToken token = new CancellationToken();
    private final CompletableFuture<Void> cancelled = new CompletableFuture<>();

    /** A call nobody can cancel (unit tests, internal calls). */
    public static CallCancellation none() {
        return new CallCancellation();
    }

    /** Cancels: idempotent. */
    public void cancel() {
        token.cancel();
        cancelled.complete(null);
    }

    public boolean isCancelled() {
        return token.isCancelled();
    }

    /** The token handed to the engine and the executor. */
    public CancellationToken token() {
        return token;
    }

    /** Completes when the call is cancelled. */
    public CompletableFuture<Void> whenCancelled() {
        return cancelled;
    }
}

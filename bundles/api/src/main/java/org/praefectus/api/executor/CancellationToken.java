package org.praefectus.api.executor;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Cooperative cancellation shared by a host, the engine and an executor. Once cancelled it stays
 * cancelled. A token {@linkplain #linkedTo linked} to others is cancelled as soon as any of them is, which
 * lets the engine add its own reasons (an executor leaving) to the host's token without changing it.
 * Thread-safe.
 */
public final class CancellationToken {

    private final List<CancellationToken> parents;
    private volatile boolean cancelled;

    /** A token that nothing has cancelled yet. */
    public CancellationToken() {
        this.parents = List.of();
    }

    private CancellationToken(List<CancellationToken> parents) {
        this.parents = parents;
    }

    /**
     * A new token that is cancelled when it is cancelled itself or when any parent is.
     *
     * @param parents the tokens this one follows
     * @return the linked token
     */
    public static CancellationToken linkedTo(CancellationToken... parents) {
        for (CancellationToken parent : parents) {
            requireNonNull(parent, "parent");
        }
        return new CancellationToken(List.of(parents));
    }

    /** Requests cancellation; idempotent. */
    public void cancel() {
        cancelled = true;
    }

    /** Whether this token or any token it is linked to was cancelled. */
    public boolean isCancelled() {
        if (cancelled) {
            return true;
        }
        for (CancellationToken parent : parents) {
            if (parent.isCancelled()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Refuses to go on when cancelled or when the deadline has passed: the check every observation,
     * resolution and dispatch makes before (and after) each blocking step.
     *
     * @param deadlineAtMs the deadline, milliseconds since the epoch
     * @throws ExecutorException {@link ExecutorFailure#CANCELLED} or {@link ExecutorFailure#EXPIRED}
     */
    public void checkBoundary(long deadlineAtMs) throws ExecutorException {
        if (isCancelled()) {
            throw new ExecutorException(ExecutorFailure.CANCELLED, "observation cancelled");
        }
        if (System.currentTimeMillis() >= deadlineAtMs) {
            throw new ExecutorException(ExecutorFailure.EXPIRED, "observation expired");
        }
    }

    @Override
    public String toString() {
        return "CancellationToken[cancelled=" + isCancelled() + "]";
    }
}

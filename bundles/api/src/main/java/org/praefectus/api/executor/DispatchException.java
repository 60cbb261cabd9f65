package org.praefectus.api.executor;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;

/**
 * A dispatch that did not complete, with what is known about its effect. Executors must say
 * {@link EffectKnowledge#UNKNOWN} as soon as anything may have reached the target; the engine then
 * reports {@code outcome_unknown}. The message is a fixed text without action content.
 */
public final class DispatchException extends Exception {

    private static final long serialVersionUID = 1L;

    private final EffectKnowledge effect;
    private final FailureCode code;

    /**
     * @param effect  what is known about the effect
     * @param code    the failure code reported when nothing happened
     * @param message a fixed text without action content
     */
    public DispatchException(EffectKnowledge effect, FailureCode code, String message) {
        super(requireNonNull(message, "message"), null, false, false);
        this.effect = requireNonNull(effect, "effect");
        this.code = requireNonNull(code, "code");
    }

    /** Refused with no effect: the parameters or target cannot be served. */
    public static DispatchException noEffect(String message) {
        return new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.INVALID_REQUEST, message);
    }

    /** Refused with no effect: the backend cannot perform this action. */
    public static DispatchException unsupported(String message) {
        return new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.UNSUPPORTED, message);
    }

    /**
     * Refuses with no effect an action that carries a pace or a modifier release ({@link Action#paced}) on a
     * backend that cannot deliver one: a signed pace is never delivered some other way.
     *
     * @param where the backend, for the message ({@code "on Windows"})
     */
    public static void requireUnpaced(Action action, String where) throws DispatchException {
        if (Action.paced(action)) {
            throw unsupported(action.kind() + " with a pace or a modifier release is not supported " + where);
        }
    }

    /** Something may have been dispatched. */
    public static DispatchException ambiguous(String message) {
        return new DispatchException(EffectKnowledge.UNKNOWN, FailureCode.DISPATCH_FAILED, message);
    }

    /** Cancellation was observed before the first effect. */
    public static DispatchException cancelledBeforeEffect() {
        return new DispatchException(
                EffectKnowledge.CANCELLED_BEFORE_EFFECT, FailureCode.DISPATCH_FAILED, "cancelled before effect");
    }

    /** The deadline passed before the first effect. */
    public static DispatchException expiredBeforeEffect() {
        return new DispatchException(
                EffectKnowledge.EXPIRED_BEFORE_EFFECT, FailureCode.DISPATCH_FAILED, "expired before effect");
    }

    /**
     * A fence check that failed before any effect (a re-resolution at dispatch), as the dispatch failure it
     * is: cancelled or expired before effect, stale or not found with no effect, invalid or unsupported.
     *
     * @param failure the observation or resolution failure
     * @return the same failure with {@link EffectKnowledge#NO_EFFECT} (or cancelled/expired before effect)
     */
    public static DispatchException beforeEffect(ExecutorException failure) {
        return switch (failure.failure()) {
            case CANCELLED -> cancelledBeforeEffect();
            case EXPIRED -> expiredBeforeEffect();
            case STALE_TARGET ->
                new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, failure.getMessage());
            case TARGET_NOT_FOUND ->
                new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.TARGET_NOT_FOUND, failure.getMessage());
            case INVALID_REQUEST -> noEffect(failure.getMessage());
            case UNAVAILABLE -> unsupported(failure.getMessage());
        };
    }

    /**
     * The check an executor makes before each effect (each chunk of a repeated or chunked action).
     *
     * @param cancellation  the operation's token
     * @param deadlineAtMs  the effect deadline
     * @param effectStarted whether an earlier chunk was already dispatched
     * @throws DispatchException cancelled/expired before effect, or ambiguous after a partial dispatch
     */
    public static void checkBeforeEffect(CancellationToken cancellation, long deadlineAtMs, boolean effectStarted)
            throws DispatchException {
        boolean cancelled = cancellation.isCancelled();
        boolean expired = System.currentTimeMillis() >= deadlineAtMs;
        if (!cancelled && !expired) {
            return;
        }
        if (effectStarted) {
            throw ambiguous("action interrupted after partial dispatch");
        }
        throw cancelled ? cancelledBeforeEffect() : expiredBeforeEffect();
    }

    /** What is known about the effect. */
    public EffectKnowledge effect() {
        return effect;
    }

    /** The failure code reported when nothing happened. */
    public FailureCode code() {
        return code;
    }
}

package org.praefectus.api.executor;

import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * A backend that observes targets and dispatches actions: the native desktop executors (Linux, macOS,
 * Windows) and the CDP browser executor. Mirrors the reference's {@code Executor} trait.
 *
 * <p>The engine calls, in this order and only after authority, the ledger claim and the route check:
 * {@link #capabilities()}, {@link #observe(TargetRef, CancellationToken, long)},
 * {@link #resolve(TargetRef, CancellationToken, long)}, {@link #sharedDesktopContextHash(CancellationToken,
 * long)} (background on a shared desktop), {@link #dispatch}, the context sample again and a second
 * observation for verification. Every call that may block takes the operation's cancellation token and
 * deadline: an executor checks them before it starts and wherever it can inside a blocking call.
 *
 * <p>An executor never retries a dispatch, never reports an effect it cannot prove, and puts no typed
 * text, clipboard content, selector, screenshot or backend detail in any message. Register it as a service
 * with {@value #BACKEND_PROPERTY}; it may be unregistered at any time, including during a dispatch.
 */
@ConsumerType
public interface Executor {

    /** Service property naming the backend, for example {@code linux-atspi} or {@code cdp}; hosts select with it. */
    String BACKEND_PROPERTY = "praefectus.executor.backend";

    /**
     * What the executor can do now, including its session isolation and per-action routes.
     *
     * @throws ExecutorException when the backend is unavailable
     */
    Capabilities capabilities() throws ExecutorException;

    /**
     * The session isolation the host configured for this executor; a model can never assert it.
     * {@link SessionIsolation#UNKNOWN} makes the engine refuse every action.
     */
    default SessionIsolation sessionIsolation() {
        return SessionIsolation.SHARED_DESKTOP;
    }

    /**
     * A hash of the shared-desktop context a person could notice changing: foreground process/window,
     * keyboard or accessibility focus, pointer position. Sampled before and after a background dispatch;
     * a difference or a failure makes the outcome unknown.
     *
     * @param cancellation the operation's token
     * @param deadlineAtMs the effect deadline, milliseconds since the epoch
     * @throws ExecutorException cancelled, expired, or {@link ExecutorFailure#UNAVAILABLE} when no sentinel
     *                           exists (the default)
     */
    default String sharedDesktopContextHash(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "shared desktop context is unavailable");
    }

    /**
     * Observes the target within the operation's boundary: evidence hashes and the state verification
     * compares.
     *
     * @param target       the request's fenced target
     * @param cancellation the operation's token
     * @param deadlineAtMs the effect deadline, milliseconds since the epoch
     * @throws ExecutorException cancelled, expired, stale, not found, invalid or unavailable
     */
    Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs) throws ExecutorException;

    /**
     * Checks the target's fence against the live state and resolves it for dispatch, within the operation's
     * boundary. A target whose process, process generation, window, display geometry, provenance,
     * observation generation or fingerprint changed is {@link ExecutorFailure#STALE_TARGET}.
     *
     * @param target       the request's fenced target
     * @param cancellation the operation's token
     * @param deadlineAtMs the effect deadline, milliseconds since the epoch
     * @throws ExecutorException cancelled, expired, stale, not found, invalid or unavailable
     */
    ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException;

    /**
     * Performs the action once. Check cancellation and the deadline before every effect and between
     * chunks ({@link DispatchException#checkBeforeEffect}); after anything may have reached the target,
     * only {@link EffectKnowledge#UNKNOWN} may be reported as a failure.
     *
     * @param action       the action
     * @param target       what {@link #resolve} returned
     * @param verification the requested verification (some actions are refused without a strong one)
     * @param cancellation the operation's token; the engine cancels it when this service leaves
     * @param deadlineAtMs the effect deadline: the earlier of the request deadline and the grant expiry
     * @return backend metadata
     * @throws DispatchException with what is known about the effect
     */
    DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException;

    /**
     * One bounded semantic snapshot of the active surface, with short tags for
     * {@link SemanticObservation#target(String)}. Read-only.
     *
     * @throws ExecutorException cancelled, expired or unavailable (the default)
     */
    default SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "semantic observation is unavailable");
    }

    /**
     * Bounded opaque references to the surfaces (windows, pages) this executor can observe. Read-only.
     *
     * @throws ExecutorException cancelled, expired or unavailable (the default)
     */
    default List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "surface enumeration is unavailable");
    }

    /**
     * Observes one exact host-selected surface without activating it. Read-only.
     *
     * @throws ExecutorException invalid, stale, cancelled, expired or unavailable (the default)
     */
    default SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "surface observation is unavailable");
    }

    /**
     * A coordinate observation whose display geometry and screen-content hashes fence coordinate targets.
     *
     * @throws ExecutorException cancelled, expired or unavailable (the default)
     */
    default CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "coordinate observation is unavailable");
    }
}

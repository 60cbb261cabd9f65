package org.praefectus.engine.execution;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.ContextPreservation;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.Receipt;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * One claimed operation from {@code accepted} to its terminal, as the reference's {@code Engine::execute}
 * after the claim: cancellation and deadline before every step, capability and interaction-mode routing,
 * the live fence (observe + resolve), the shared-desktop sentinel around dispatch, verification. An executor
 * that leaves (its lease's token is linked into {@code cancellation}) ends the run as cancelled before an
 * effect and as unknown after one; a departed executor is never called again. Every executor call also catches
 * {@link LinkageError}: an executor whose bundle was updated or stopped (a hot swap) throws {@code
 * NoClassDefFoundError} ("the bundle wiring … is no longer valid") from any call, and that must end the operation
 * with a terminal the ledger records, never cross the Engine service as an Error.
 */
final class OperationRun {

    record Outcome(List<ActionAck> progress, ActionAck terminal, boolean effectMayHaveOccurred) {}

    private static final String BOUNDARY_MESSAGE = "action completed at the cancellation or deadline boundary";
    private static final String DEPARTED_MESSAGE = "the executor left while the action was dispatched";

    private final ActionRequest request;
    private final String hash;
    private final ExecutorRegistry.Lease lease;
    private final Executor executor;
    private final SessionIsolation isolation;
    private final CancellationToken cancellation;
    private final long deadline;
    private final EngineOptions options;
    private final List<ActionAck> progress = new ArrayList<>();

    OperationRun(
            ActionRequest request,
            String hash,
            ExecutorRegistry.Lease lease,
            SessionIsolation isolation,
            CancellationToken cancellation,
            long deadline,
            EngineOptions options) {
        this.request = request;
        this.hash = hash;
        this.lease = lease;
        this.executor = lease.executor();
        this.isolation = isolation;
        this.cancellation = cancellation;
        this.deadline = deadline;
        this.options = options;
    }

    Outcome run() {
        progress.add(Acks.accepted(request, hash));
        Terminal early = boundary();
        if (early != null) {
            return noEffect(early);
        }
        if (isolation == SessionIsolation.UNKNOWN) {
            return noEffect(new Terminal.Rejected(FailureCode.UNSUPPORTED, "runtime session isolation is unknown"));
        }
        Capabilities capabilities;
        try {
            capabilities = executor.capabilities();
        } catch (ExecutorException e) {
            return noEffect(boundaryOr(failure(e)));
        } catch (RuntimeException | LinkageError e) {
            return noEffect(boundaryOr(executorFailed()));
        }
        early = boundary();
        if (early != null) {
            return noEffect(early);
        }
        ActionCapability capability = RouteRules.strictActionCapability(capabilities, request.action());
        if (capability == null) {
            return noEffect(new Terminal.Rejected(
                    FailureCode.UNSUPPORTED, "runtime action capability facts are missing or inconsistent"));
        }
        if (request.interactionMode() == InteractionMode.BACKGROUND_ONLY
                && !RouteRules.backgroundAuthorized(capability, isolation)) {
            return noEffect(new Terminal.Rejected(
                    FailureCode.UNSUPPORTED,
                    "background action is unavailable for this delivery route and session isolation"));
        }
        if (RouteRules.isGlobalInput(capability) && !options.allowGlobalInput()) {
            return noEffect(new Terminal.Rejected(
                    FailureCode.PERMISSION_DENIED,
                    "input that cannot be delivered to a process requires the operator's opt-in: praefectus daemon"
                            + " --allow-input, or PRAEFECTUS_ALLOW_GLOBAL_INPUT=1"));
        }
        Observation before;
        ResolvedTarget resolved;
        try {
            before = executor.observe(request.target(), cancellation, deadline);
            resolved = executor.resolve(request.target(), cancellation, deadline);
        } catch (ExecutorException e) {
            return noEffect(boundaryOr(failure(e)));
        } catch (RuntimeException | LinkageError e) {
            return noEffect(boundaryOr(executorFailed()));
        }
        if (before == null || resolved == null) {
            return noEffect(boundaryOr(executorFailed()));
        }
        progress.add(Acks.executing(request, hash));
        early = boundary();
        if (early != null) {
            return noEffect(early);
        }
        String contextBefore = null;
        if (request.interactionMode() == InteractionMode.BACKGROUND_ONLY
                && isolation == SessionIsolation.SHARED_DESKTOP) {
            try {
                contextBefore = executor.sharedDesktopContextHash(cancellation, deadline);
            } catch (ExecutorException | RuntimeException | LinkageError e) {
                Terminal cancelled = boundary();
                return noEffect(
                        cancelled != null
                                ? cancelled
                                : new Terminal.Rejected(
                                        FailureCode.UNSUPPORTED, "shared desktop context cannot be guarded"));
            }
            if (contextBefore == null) {
                return noEffect(
                        new Terminal.Rejected(FailureCode.UNSUPPORTED, "shared desktop context cannot be guarded"));
            }
        }
        early = boundary();
        if (early != null) {
            return noEffect(early);
        }
        return dispatch(capability, before, resolved, contextBefore);
    }

    private Outcome dispatch(
            ActionCapability capability, Observation before, ResolvedTarget resolved, String contextBefore) {
        long startedAt = now();
        DispatchReceipt dispatched;
        try {
            dispatched = executor.dispatch(request.action(), resolved, request.verification(), cancellation, deadline);
            if (dispatched == null) {
                throw DispatchException.ambiguous("executor returned no receipt");
            }
        } catch (DispatchException e) {
            return dispatchFailed(e, before, startedAt, contextBefore);
        } catch (RuntimeException | LinkageError e) {
            // a failing or departing executor may have reached the target: never a no-effect claim
            return dispatchFailed(
                    DispatchException.ambiguous("executor failed during dispatch"), before, startedAt, contextBefore);
        }
        if (lease.departed()) {
            Receipt receipt = receipt(
                    capability,
                    dispatched,
                    startedAt,
                    Effect.UNKNOWN,
                    before,
                    null,
                    contextPreservation(null),
                    List.of(DEPARTED_MESSAGE));
            return effect(new Terminal.OutcomeUnknown(receipt, DEPARTED_MESSAGE));
        }
        if (cancellation.isCancelled() || now() >= deadline) {
            Receipt receipt = receipt(
                    capability,
                    dispatched,
                    startedAt,
                    Effect.UNKNOWN,
                    before,
                    null,
                    contextPreservation(contextBefore),
                    List.of());
            return effect(new Terminal.OutcomeUnknown(receipt, BOUNDARY_MESSAGE));
        }
        ContextPreservation context = contextPreservation(contextBefore);
        Observation after = null;
        boolean afterAtBoundary = false;
        try {
            after = executor.observe(request.target(), cancellation, deadline);
        } catch (ExecutorException e) {
            afterAtBoundary = e.failure() == org.praefectus.api.executor.ExecutorFailure.CANCELLED
                    || e.failure() == org.praefectus.api.executor.ExecutorFailure.EXPIRED;
        } catch (RuntimeException | LinkageError e) {
            after = null;
        }
        String expectedFingerprint = request.target() instanceof TargetRef.Element element
                ? element.target().fingerprintHash()
                : null;
        Verification.Result verified = Verification.verify(request.verification(), before, after, expectedFingerprint);
        Effect effect = verified.effect();
        List<String> warnings = new ArrayList<>(verified.warnings());
        boolean boundaryUnknown =
                cancellation.isCancelled() || now() >= deadline || afterAtBoundary || lease.departed();
        if (boundaryUnknown) {
            effect = Effect.UNKNOWN;
            warnings.add(BOUNDARY_MESSAGE);
        }
        boolean contextUnknown = context == ContextPreservation.CHANGED || context == ContextPreservation.UNAVAILABLE;
        if (contextUnknown) {
            effect = Effect.UNKNOWN;
            warnings.add("shared desktop context preservation is unknown");
        }
        Receipt receipt = receipt(capability, dispatched, startedAt, effect, before, after, context, warnings);
        if (effect != Effect.UNKNOWN
                && (request.verification() instanceof VerificationPolicy.None || effect == Effect.VERIFIED)) {
            return effect(new Terminal.Succeeded(receipt));
        }
        String message = boundaryUnknown
                ? BOUNDARY_MESSAGE
                : contextUnknown
                        ? "action result or shared desktop context preservation could not be proven"
                        : "action dispatched but requested verification failed";
        return effect(new Terminal.OutcomeUnknown(receipt, message));
    }

    private Outcome dispatchFailed(DispatchException e, Observation before, long startedAt, String contextBefore) {
        if (e.effect() == EffectKnowledge.UNKNOWN) {
            Receipt empty = Acks.emptyReceipt(request, hash, Effect.UNKNOWN, isolation, now());
            Receipt receipt = new Receipt(
                    empty.protocolVersion(),
                    empty.actionName(),
                    empty.actionHash(),
                    startedAt,
                    now(),
                    empty.backend(),
                    empty.fallbackChain(),
                    empty.deliveryRoute(),
                    isolation,
                    request.interactionMode(),
                    contextPreservation(contextBefore),
                    Effect.UNKNOWN,
                    before.evidence(),
                    null,
                    List.of());
            return effect(new Terminal.OutcomeUnknown(receipt, "the action outcome is unknown"));
        }
        if (e.effect() == EffectKnowledge.CANCELLED_BEFORE_EFFECT) {
            return noEffect(new Terminal.CancelledBeforeEffect());
        }
        if (e.effect() == EffectKnowledge.EXPIRED_BEFORE_EFFECT) {
            return noEffect(new Terminal.ExpiredBeforeEffect());
        }
        Terminal boundary = boundary();
        if (boundary != null) {
            return noEffect(boundary);
        }
        return noEffect(new Terminal.Rejected(e.code(), "the action was not dispatched"));
    }

    private Receipt receipt(
            ActionCapability capability,
            DispatchReceipt dispatched,
            long startedAt,
            Effect effect,
            Observation before,
            Observation after,
            ContextPreservation context,
            List<String> warnings) {
        return new Receipt(
                Protocol.PROTOCOL_VERSION,
                request.action().kind(),
                hash,
                startedAt,
                now(),
                dispatched.backend(),
                dispatched.fallbackChain(),
                capability.deliveryRoute(),
                isolation,
                request.interactionMode(),
                context,
                effect,
                before.evidence(),
                after == null ? null : after.evidence(),
                warnings);
    }

    /** The second sentinel sample; never asks an executor that has left. */
    private ContextPreservation contextPreservation(String before) {
        if (request.interactionMode() != InteractionMode.BACKGROUND_ONLY) {
            return ContextPreservation.NOT_APPLICABLE;
        }
        if (isolation == SessionIsolation.HOST_ISOLATED) {
            return ContextPreservation.HOST_ISOLATED;
        }
        if (before == null || lease.departed()) {
            return ContextPreservation.UNAVAILABLE;
        }
        try {
            String after = executor.sharedDesktopContextHash(cancellation, deadline);
            return before.equals(after) ? ContextPreservation.UNCHANGED_AT_BOUNDARIES : ContextPreservation.CHANGED;
        } catch (ExecutorException | RuntimeException | LinkageError e) {
            return ContextPreservation.UNAVAILABLE;
        }
    }

    /** Cancelled or expired before any effect, or {@code null} to go on. */
    private Terminal boundary() {
        if (cancellation.isCancelled()) {
            return new Terminal.CancelledBeforeEffect();
        }
        if (now() >= deadline) {
            return new Terminal.ExpiredBeforeEffect();
        }
        return null;
    }

    private Terminal boundaryOr(Terminal terminal) {
        Terminal boundary = boundary();
        return boundary != null ? boundary : terminal;
    }

    /** The reference's {@code protocol_failure}. */
    private static Terminal failure(ExecutorException e) {
        return switch (e.failure()) {
            case CANCELLED -> new Terminal.CancelledBeforeEffect();
            case EXPIRED -> new Terminal.ExpiredBeforeEffect();
            case STALE_TARGET -> new Terminal.Rejected(FailureCode.STALE_TARGET, "stale target");
            case TARGET_NOT_FOUND -> new Terminal.Rejected(FailureCode.TARGET_NOT_FOUND, "target not found");
            case INVALID_REQUEST -> new Terminal.Rejected(FailureCode.INVALID_REQUEST, "invalid request");
            case UNAVAILABLE -> executorFailed();
        };
    }

    private static Terminal executorFailed() {
        return new Terminal.Failed(FailureCode.DISPATCH_FAILED, "executor failed");
    }

    private Outcome noEffect(Terminal terminal) {
        return new Outcome(List.of(progress.get(0)), Acks.terminal(request, hash, terminal, false), false);
    }

    private Outcome effect(Terminal terminal) {
        return new Outcome(List.copyOf(progress), Acks.terminal(request, hash, terminal, false), true);
    }

    private long now() {
        return options.clock().getAsLong();
    }
}

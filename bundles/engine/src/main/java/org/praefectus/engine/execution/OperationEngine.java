package org.praefectus.engine.execution;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.engine.AuthorityDeniedException;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.BatchStep;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.OutcomeDecision;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.engine.OutcomeLedgerException;
import org.praefectus.api.engine.VerifiedAuthority;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolErrorCode;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.RequestValidation;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.engine.ledger.ClaimResult;
import org.praefectus.engine.ledger.LedgerException;
import org.praefectus.engine.ledger.LedgerRecord;
import org.praefectus.engine.ledger.OperationLedger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine: authority, the durable claim and the host outcome ledger here; everything between the claim
 * and the terminal in {@link OperationRun}. A plain object: hosts and tests construct it directly, the DS
 * component wraps it.
 */
public final class OperationEngine implements Engine {

    private static final Logger LOG = LoggerFactory.getLogger(OperationEngine.class);

    private final ExecutorRegistry executors;
    private final AuthorityVerifier authority;
    private final OutcomeLedger outcomes;
    private final OperationLedger ledger;
    private final EngineOptions options;
    private final LeasedObservation observation;

    /**
     * @param executors the executors to dispatch through
     * @param authority the host's authority verifier
     * @param outcomes  the host's outcome ledger ({@link org.praefectus.api.engine.NullOutcomeLedger} for none)
     * @param ledger    the durable operation ledger
     * @param options   global-input opt-in and clock
     */
    public OperationEngine(
            ExecutorRegistry executors,
            AuthorityVerifier authority,
            OutcomeLedger outcomes,
            OperationLedger ledger,
            EngineOptions options) {
        this.executors = requireNonNull(executors, "executors");
        this.authority = requireNonNull(authority, "authority");
        this.outcomes = requireNonNull(outcomes, "outcomes");
        this.ledger = requireNonNull(ledger, "ledger");
        this.options = requireNonNull(options, "options");
        this.observation = new LeasedObservation(executors);
    }

    @Override
    public ExecuteReport execute(byte[] requestJson, CancellationToken cancellation) throws EngineException {
        ActionRequest request;
        try {
            request = ProtocolJson.decodeActionRequest(requireNonNull(requestJson, "requestJson"));
        } catch (ProtocolException e) {
            throw invalid(e);
        }
        return execute(request, cancellation);
    }

    @Override
    public ExecuteReport execute(ActionRequest request, CancellationToken cancellation) throws EngineException {
        requireNonNull(request, "request");
        requireNonNull(cancellation, "cancellation");
        // unfenced or malformed targets fail here, before the host's authority is consumed
        String hash;
        try {
            RequestValidation.validate(request);
            if (!isSignatureHex(request.authority().signature())) {
                throw new ProtocolException(ProtocolErrorCode.INVALID_SIGNATURE, "invalid authority signature");
            }
            hash = ProtocolHashes.normalizedActionHash(request);
        } catch (ProtocolException e) {
            throw invalid(e);
        }
        VerifiedAuthority verified;
        try {
            verified = authority.verify(request, hash);
        } catch (AuthorityDeniedException e) {
            throw new EngineException(EngineError.AUTHORITY_DENIED, null, "authority denied", e);
        }
        long effectDeadline = Math.min(request.deadlineAtMs(), verified.expiresAtMs());
        Optional<ExecutorRegistry.Lease> acquired = executors.acquire();
        if (acquired.isEmpty()) {
            return withoutExecutor(request, hash);
        }
        ExecutorRegistry.Lease lease = acquired.get();
        try (lease;
                OperationLedger.Session session = lock()) {
            SessionIsolation isolation = sessionIsolation(lease.executor());
            ClaimResult claim = claim(session, request, hash, isolation);
            if (claim instanceof ClaimResult.Replay replay) {
                return new ExecuteReport(
                        List.of(Acks.replayed(settledReplay(session, request, hash, replay.acknowledgement()))));
            }
            OutcomeKey key = new OutcomeKey(request.operationId(), hash);
            // the host ledger is asked first, also for a claim the file ledger holds without a terminal: a
            // terminal the host recorded is the answer and is never overwritten
            OutcomeDecision decision;
            try {
                decision = outcomes.begin(key);
            } catch (OutcomeLedgerException | RuntimeException e) {
                if (claim instanceof ClaimResult.Interrupted interrupted) {
                    return recoverInterrupted(
                            session, key, request, hash, interrupted.claim().sessionIsolation());
                }
                return finishEarly(
                        session,
                        key,
                        request,
                        hash,
                        new Terminal.Failed(FailureCode.DISPATCH_FAILED, "outcome ledger is unavailable"));
            }
            if (decision instanceof OutcomeDecision.Recorded recorded) {
                ActionAck replayed = Acks.terminal(request, hash, recorded.terminal(), true);
                finish(session, null, replayed, false);
                return new ExecuteReport(List.of(replayed));
            }
            if (claim instanceof ClaimResult.Interrupted interrupted) {
                return recoverInterrupted(
                        session, key, request, hash, interrupted.claim().sessionIsolation());
            }
            if (decision instanceof OutcomeDecision.Interrupted) {
                return recoverInterrupted(session, key, request, hash, isolation);
            }
            CancellationToken operation = CancellationToken.linkedTo(cancellation, lease.departure());
            OperationRun run = new OperationRun(request, hash, lease, isolation, operation, effectDeadline, options);
            OperationRun.Outcome outcome = run.run();
            ActionAck terminal = finish(session, key, outcome.terminal(), outcome.effectMayHaveOccurred());
            List<ActionAck> acks = new ArrayList<>(outcome.progress());
            acks.add(terminal);
            return new ExecuteReport(acks);
        }
    }

    /**
     * No executor is bound (a hot swap between the old executor leaving and its replacement arriving). An operation
     * the ledger already holds is answered from it as when one is bound: its replay, a conflict for another action,
     * an interrupted claim's {@code outcome_unknown}. Refusing it with {@code executor_unavailable} would tell a
     * host presenting it again something else than the terminal the ledger recorded (issue 42, defect 5). Only an
     * operation the ledger does not know is refused, and nothing is claimed for it.
     */
    private ExecuteReport withoutExecutor(ActionRequest request, String hash) throws EngineException {
        try (OperationLedger.Session session = lock()) {
            Optional<ActionAck> recorded;
            try {
                recorded = session.status(request.operationId());
            } catch (LedgerException e) {
                throw ledgerFailure(e);
            }
            if (recorded.isEmpty()) {
                throw new EngineException(EngineError.EXECUTOR_UNAVAILABLE, "no executor is bound");
            }
            if (!recorded.get().actionHash().equals(hash)) {
                throw new EngineException(EngineError.CONFLICT, null, "operation conflict", null);
            }
            return new ExecuteReport(List.of(Acks.replayed(settledReplay(session, request, hash, recorded.get()))));
        }
    }

    private static boolean isSignatureHex(String signature) {
        if (signature.length() != 128) {
            return false;
        }
        for (int i = 0; i < signature.length(); i++) {
            if (Character.digit(signature.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static SessionIsolation sessionIsolation(Executor executor) {
        try {
            SessionIsolation isolation = executor.sessionIsolation();
            return isolation == null ? SessionIsolation.UNKNOWN : isolation;
        } catch (RuntimeException | LinkageError e) { // LinkageError: see OperationRun
            return SessionIsolation.UNKNOWN;
        }
    }

    private OperationLedger.Session lock() throws EngineException {
        try {
            return ledger.lock();
        } catch (LedgerException e) {
            throw ledgerFailure(e);
        }
    }

    private ClaimResult claim(
            OperationLedger.Session session, ActionRequest request, String hash, SessionIsolation isolation)
            throws EngineException {
        try {
            return session.claim(new LedgerRecord.Claim(
                    request.operationId(),
                    hash,
                    options.clock().getAsLong(),
                    request.action().kind(),
                    DeliveryRoutes.claim(request),
                    isolation,
                    request.interactionMode()));
        } catch (LedgerException e) {
            if (e.reason() == LedgerException.Reason.CONFLICT) {
                throw new EngineException(EngineError.CONFLICT, null, "operation conflict", e);
            }
            throw ledgerFailure(e);
        }
    }

    /**
     * The stored terminal to replay; a stored {@code outcome_unknown} is first checked against the host ledger
     * (issue 40, defect 6): a duplicate presented while another host dispatched was answered {@code
     * outcome_unknown} here, and replaying that forever would leave this host's lasting answer different from the
     * terminal the claimant recorded in the shared ledger. When the host ledger holds another terminal, that one is
     * recorded here and replayed, so every host converges to it. When the host ledger has no row yet (this
     * host's outcome was never shared), {@code begin} has just opened one for this host: it gets this host's
     * {@code outcome_unknown}, and nothing is dispatched. Any failure replays what is stored.
     */
    private ActionAck settledReplay(
            OperationLedger.Session session, ActionRequest request, String hash, ActionAck stored)
            throws EngineException {
        if (!(stored.state() instanceof AckState.Finished finished)
                || !(finished.terminal() instanceof Terminal.OutcomeUnknown)) {
            return stored;
        }
        OutcomeKey key = new OutcomeKey(request.operationId(), hash);
        OutcomeDecision decision;
        try {
            decision = outcomes.begin(key);
        } catch (OutcomeLedgerException | RuntimeException e) {
            return stored;
        }
        if (decision instanceof OutcomeDecision.Recorded recorded
                && !(recorded.terminal() instanceof Terminal.OutcomeUnknown)) {
            ActionAck shared = Acks.terminal(request, hash, recorded.terminal(), true);
            finish(session, null, shared, false);
            return shared;
        }
        if (decision instanceof OutcomeDecision.Dispatch) {
            try {
                outcomes.record(key, finished.terminal());
            } catch (OutcomeLedgerException | RuntimeException ignored) {
                // the host ledger's open row answers interrupted everywhere: outcome_unknown, never a dispatch
            }
        }
        return stored;
    }

    private Terminal interruptedTerminal(ActionRequest request, String hash, SessionIsolation isolation) {
        SessionIsolation recorded = isolation == null ? SessionIsolation.UNKNOWN : isolation;
        return new Terminal.OutcomeUnknown(
                Acks.emptyReceipt(
                        request, hash, Effect.UNKNOWN, recorded, options.clock().getAsLong()),
                Protocol.INTERRUPTED_OUTCOME_MESSAGE);
    }

    /** A claim or grant without a recorded outcome: {@code outcome_unknown}, recorded in both ledgers. */
    private ExecuteReport recoverInterrupted(
            OperationLedger.Session session,
            OutcomeKey key,
            ActionRequest request,
            String hash,
            SessionIsolation isolation)
            throws EngineException {
        ActionAck recovered = Acks.terminal(request, hash, interruptedTerminal(request, hash, isolation), false);
        finish(session, key, recovered, false);
        // an operator restarting a host after a crash must find which operation the crash left undecided (#40)
        LOG.warn(
                "operation {} was claimed before an earlier stop and never finished: recorded outcome_unknown,"
                        + " not dispatched again",
                request.operationId());
        return new ExecuteReport(List.of(recovered));
    }

    private ExecuteReport finishEarly(
            OperationLedger.Session session, OutcomeKey key, ActionRequest request, String hash, Terminal terminal)
            throws EngineException {
        ActionAck ack = Acks.terminal(request, hash, terminal, false);
        finish(session, key, ack, false);
        return new ExecuteReport(List.of(Acks.accepted(request, hash), ack));
    }

    /**
     * Records the terminal in the host ledger (unless {@code key} is null: the terminal came from it), then
     * durably in the operation ledger, in the reference's order. After an effect a failed write cannot undo
     * the effect: a success becomes {@code outcome_unknown} and is written again on a best-effort basis.
     */
    private ActionAck finish(OperationLedger.Session session, OutcomeKey key, ActionAck ack, boolean afterEffect)
            throws EngineException {
        if (key != null) {
            try {
                outcomes.record(key, ((AckState.Finished) ack.state()).terminal());
            } catch (OutcomeLedgerException | RuntimeException ignored) {
                // the operation ledger holds the terminal; the host ledger answers interrupted, never dispatch
            }
        }
        ActionAck settled = ack;
        try {
            session.finish(ack);
        } catch (LedgerException e) {
            if (!afterEffect) {
                throw ledgerFailure(e);
            }
            settled = Acks.persistenceUnknown(ack);
            try (OperationLedger.Session retry = ledger.lock()) {
                retry.finish(settled);
            } catch (LedgerException | RuntimeException ignored) {
                // the claim stays without a terminal and recovers as outcome_unknown: still never a success
            }
        }
        return settled;
    }

    @Override
    public List<BatchStep> executeBatch(List<ActionRequest> requests, CancellationToken cancellation) {
        List<BatchStep> steps = new ArrayList<>();
        for (ActionRequest request : requests) {
            try {
                ExecuteReport report = execute(request, cancellation);
                steps.add(new BatchStep.Executed(report));
                if (!report.succeededVerified()) {
                    break;
                }
            } catch (EngineException e) {
                steps.add(new BatchStep.Refused(e));
                break;
            }
        }
        return steps;
    }

    @Override
    public Optional<ActionAck> status(String operationId) throws EngineException {
        return status(ledger, operationId);
    }

    /** The reference's {@code status} on any ledger, shared with the CLI. */
    public static Optional<ActionAck> status(OperationLedger ledger, String operationId) throws EngineException {
        if (operationId == null || !isIdentifier(operationId)) {
            throw new EngineException(
                    EngineError.INVALID_REQUEST, ProtocolErrorCode.INVALID_IDENTIFIER, "invalid operation_id", null);
        }
        try (OperationLedger.Session session = ledger.lock()) {
            return session.status(operationId);
        } catch (LedgerException e) {
            throw ledgerFailure(e);
        }
    }

    /** Whether {@code value} is a valid operation ID (1–256 ASCII letters, digits, {@code -}, {@code _}, {@code :}). */
    public static boolean isIdentifier(String value) {
        if (value.isEmpty() || value.length() > 256) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '_'
                    || c == ':';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Capabilities capabilities() throws EngineException {
        Executor executor = executors
                .current()
                .orElseThrow(() -> new EngineException(EngineError.EXECUTOR_UNAVAILABLE, "no executor is bound"));
        try {
            return executor.capabilities();
        } catch (ExecutorException | RuntimeException e) {
            throw new EngineException(
                    EngineError.EXECUTOR_UNAVAILABLE, null, "executor capabilities are unavailable", e);
        }
    }

    @Override
    public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return observation.semantic(cancellation, deadlineAtMs);
    }

    @Override
    public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return observation.surfaces(cancellation, deadlineAtMs);
    }

    @Override
    public SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return observation.surface(surface, cancellation, deadlineAtMs);
    }

    @Override
    public CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return observation.coordinates(cancellation, deadlineAtMs);
    }

    private static EngineException invalid(ProtocolException e) {
        return new EngineException(EngineError.INVALID_REQUEST, e.code(), e.getMessage(), e);
    }

    private static EngineException ledgerFailure(LedgerException e) {
        if (e.reason() == LedgerException.Reason.CORRUPT) {
            return new EngineException(EngineError.LEDGER_UNAVAILABLE, null, e.getMessage(), e);
        }
        return new EngineException(EngineError.LEDGER_UNAVAILABLE, null, "operation ledger is unavailable", e);
    }
}

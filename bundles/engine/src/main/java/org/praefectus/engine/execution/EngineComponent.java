package org.praefectus.engine.execution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.BatchStep;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.GlobalInput;
import org.praefectus.api.executor.GlobalInputOptIn;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * The {@link Engine} service: a thin, stable façade over {@link OperationEngine}. Every reference is
 * dynamic and the configuration is applied with {@code @Modified}, so the Engine object a host obtained
 * keeps working across reconfiguration: a new verifier, outcome ledger or executor filter takes effect for
 * the next operation; a new ledger path waits for the operations in flight on the old ledger, then
 * switches, and keeps the old ledger open for the operations it holds ({@link RetiredLedgers}): a request presented
 * again after the move is answered from the ledger that recorded it, never dispatched a second time. Executors are bound dynamically (any number, highest ranking used; {@code executor.target}
 * narrows them); one leaving mid-operation ends that operation safely through {@link ExecutorRegistry}.
 * Once deactivated (its bundle stopped) every call fails with {@link EngineError#ENGINE_DEACTIVATED}.
 */
@Designate(ocd = EngineConfig.class)
@Component(service = Engine.class, configurationPid = EngineConfig.PID)
public final class EngineComponent implements Engine {

    private final ExecutorRegistry executors = new ExecutorRegistry();
    private final EngineOptions options =
            new EngineOptions(() -> GlobalInput.allowed(System.getenv(), this.optIn), System::currentTimeMillis);

    /** An operator's opt-in to global input registered in this framework (the daemon's {@code --allow-input}). */
    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile GlobalInputOptIn optIn;
    // operations hold the read lock; switching or closing the ledger takes the write lock
    private final ReadWriteLock ledgerUse = new ReentrantReadWriteLock();
    private final RetiredLedgers retired = new RetiredLedgers();
    private volatile AuthorityVerifier authority;
    private volatile OutcomeLedger outcomes;
    private OperationLedger ledger;
    private Path ledgerPath;
    private volatile OperationEngine engine;

    @Activate
    void activate(EngineConfig config) {
        Lock write = ledgerUse.writeLock();
        write.lock();
        try {
            ledgerPath = EngineConfig.Defaults.ledgerPath(config);
            ledger = new OperationLedger(ledgerPath);
            rebuild();
        } finally {
            write.unlock();
        }
    }

    @Modified
    void modified(EngineConfig config) {
        Path path = EngineConfig.Defaults.ledgerPath(config);
        Lock write = ledgerUse.writeLock();
        write.lock();
        try {
            if (!path.equals(ledgerPath)) {
                // at-most-once across the move: the old ledger keeps answering for its operations
                retired.retire(ledgerPath, ledger);
                ledgerPath = path;
                ledger = retired.takeBack(path).orElseGet(() -> new OperationLedger(path));
                rebuild();
            }
        } finally {
            write.unlock();
        }
    }

    @Deactivate
    void deactivate() {
        Lock write = ledgerUse.writeLock();
        write.lock();
        try {
            engine = null;
            ledger.close();
            ledger = null;
            retired.close();
        } finally {
            write.unlock();
        }
    }

    @Reference(policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindAuthority(AuthorityVerifier verifier) {
        authority = verifier;
        rebuild();
    }

    void unbindAuthority(AuthorityVerifier verifier) {
        // a replacement is bound before the old one is unbound; the last one leaving deactivates us
        if (authority == verifier) {
            authority = null;
        }
    }

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void bindOutcomes(OutcomeLedger ledger) {
        outcomes = ledger;
        rebuild();
    }

    void unbindOutcomes(OutcomeLedger ledger) {
        if (outcomes == ledger) {
            outcomes = null;
            rebuild();
        }
    }

    @Reference(
            name = "executor",
            service = Executor.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addExecutor(Executor executor, Map<String, Object> properties) {
        Object ranking = properties.get("service.ranking");
        executors.add(executor, ranking instanceof Integer value ? value : 0);
    }

    void removeExecutor(Executor executor) {
        executors.remove(executor);
    }

    /** A new plain engine for new operations; those in flight finish on the one they started with. */
    private synchronized void rebuild() {
        OperationLedger current = ledger;
        AuthorityVerifier verifier = authority;
        if (current == null || verifier == null) {
            return; // not activated yet, or deactivated
        }
        OutcomeLedger host = outcomes;
        engine = new OperationEngine(
                executors, verifier, host != null ? host : NullOutcomeLedger.INSTANCE, current, options);
    }

    private interface Call<T> {
        T on(OperationEngine engine) throws EngineException;
    }

    private <T> T call(Call<T> call) throws EngineException {
        Lock read = ledgerUse.readLock();
        read.lock();
        try {
            OperationEngine current = engine;
            if (current == null) {
                throw deactivated();
            }
            return call.on(current);
        } finally {
            read.unlock();
        }
    }

    /** The engine for {@code operationId}: over the retired ledger that holds it, else {@code current}. */
    private OperationEngine answering(String operationId, OperationEngine current) {
        if (retired.isEmpty()) {
            return current;
        }
        AuthorityVerifier verifier = authority;
        OutcomeLedger host = outcomes;
        return retired.holding(operationId)
                .filter(moved -> verifier != null)
                .map(moved -> new OperationEngine(
                        executors, verifier, host != null ? host : NullOutcomeLedger.INSTANCE, moved, options))
                .orElse(current);
    }

    private OperationEngine answering(byte[] requestJson, OperationEngine current) {
        if (retired.isEmpty()) {
            return current;
        }
        try {
            return answering(ProtocolJson.parseActionRequest(requestJson).operationId(), current);
        } catch (ProtocolException refused) {
            return current; // which refuses it the same way
        }
    }

    private interface Read<T> {
        T on(OperationEngine engine) throws EngineException, ExecutorException;
    }

    /** A read-only observation: no ledger involved, so no ledger lock; only a live engine. */
    private <T> T read(Read<T> read) throws EngineException, ExecutorException {
        OperationEngine current = engine;
        if (current == null) {
            throw deactivated();
        }
        try {
            return read.on(current);
        } catch (LinkageError staleWiring) {
            // an executor whose bundle was updated or stopped mid-call (see OperationRun): never an Error to hosts
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "the executor's bundle went away");
        }
    }

    private static EngineException deactivated() {
        return new EngineException(
                EngineError.ENGINE_DEACTIVATED,
                "this Engine was deactivated (its bundle stopped); obtain the Engine service again");
    }

    @Override
    public ExecuteReport execute(ActionRequest request, CancellationToken cancellation) throws EngineException {
        return call(engine -> answering(request.operationId(), engine).execute(request, cancellation));
    }

    @Override
    public ExecuteReport execute(byte[] requestJson, CancellationToken cancellation) throws EngineException {
        return call(engine -> answering(requestJson, engine).execute(requestJson, cancellation));
    }

    @Override
    public List<BatchStep> executeBatch(List<ActionRequest> requests, CancellationToken cancellation) {
        try {
            return call(engine -> retired.isEmpty()
                    ? engine.executeBatch(requests, cancellation)
                    : executeBatchAcrossMoves(engine, requests, cancellation));
        } catch (EngineException deactivated) {
            return List.of(new BatchStep.Refused(deactivated));
        }
    }

    /** {@link OperationEngine#executeBatch}, each step answered by the ledger that holds its operation. */
    private List<BatchStep> executeBatchAcrossMoves(
            OperationEngine current, List<ActionRequest> requests, CancellationToken cancellation) {
        List<BatchStep> steps = new ArrayList<>();
        for (ActionRequest request : requests) {
            try {
                ExecuteReport report = answering(request.operationId(), current).execute(request, cancellation);
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
        return call(engine -> answering(operationId, engine).status(operationId));
    }

    @Override
    public Capabilities capabilities() throws EngineException {
        return call(OperationEngine::capabilities);
    }

    @Override
    public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return read(engine -> engine.observeSemantic(cancellation, deadlineAtMs));
    }

    @Override
    public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return read(engine -> engine.listSurfaces(cancellation, deadlineAtMs));
    }

    @Override
    public SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return read(engine -> engine.observeSurface(surface, cancellation, deadlineAtMs));
    }

    @Override
    public CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return read(engine -> engine.observeCoordinates(cancellation, deadlineAtMs));
    }
}

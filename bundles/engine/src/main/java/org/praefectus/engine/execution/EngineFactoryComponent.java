package org.praefectus.engine.execution;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.osgi.service.component.annotations.Component;
import org.praefectus.api.engine.BatchStep;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.EngineFactory;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.PrivateEngine;
import org.praefectus.api.engine.PrivateEngineSpec;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.engine.authority.AuthorityException;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKey;
import org.praefectus.engine.authority.PinnedKeyring;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * {@link EngineFactory}: a plain {@link OperationEngine} per spec, sharing nothing with the engine service
 * (its own keyring, ledger and executor registry). The operations a private engine runs go through exactly
 * the checks the shared one applies.
 */
@Component(service = EngineFactory.class)
public final class EngineFactoryComponent implements EngineFactory {

    @Override
    public PrivateEngine create(PrivateEngineSpec spec) throws EngineException {
        List<PinnedKey> keys = new ArrayList<>();
        PinnedKeyring keyring;
        try {
            for (PinnedIssuer pin : spec.pins()) {
                keys.add(PinnedKey.of(pin));
            }
            keyring = new PinnedKeyring(keys);
        } catch (AuthorityException invalid) {
            throw new EngineException(
                    EngineError.AUTHORITY_DENIED, null, "a pinned key is not usable: " + invalid.code(), null);
        }
        OperationLedger ledger = new OperationLedger(spec.ledger());
        OperationEngine engine = new OperationEngine(
                ExecutorRegistry.of(spec.executor()),
                new Ed25519AuthorityVerifier(keyring),
                spec.outcomes(),
                ledger,
                EngineOptions.fromEnvironment());
        return new Private(engine, ledger);
    }

    /** Closing releases the ledger; a closed engine says so instead of answering from a closed file. */
    private static final class Private implements PrivateEngine {
        private final OperationEngine engine;
        private final OperationLedger ledger;
        private volatile boolean closed;

        Private(OperationEngine engine, OperationLedger ledger) {
            this.engine = engine;
            this.ledger = ledger;
        }

        private OperationEngine open() throws EngineException {
            if (closed) {
                throw new EngineException(EngineError.ENGINE_DEACTIVATED, "this private engine was closed");
            }
            return engine;
        }

        @Override
        public ExecuteReport execute(ActionRequest request, CancellationToken cancellation) throws EngineException {
            return open().execute(request, cancellation);
        }

        @Override
        public ExecuteReport execute(byte[] requestJson, CancellationToken cancellation) throws EngineException {
            return open().execute(requestJson, cancellation);
        }

        @Override
        public List<BatchStep> executeBatch(List<ActionRequest> requests, CancellationToken cancellation) {
            if (closed) {
                return List.of(new BatchStep.Refused(
                        new EngineException(EngineError.ENGINE_DEACTIVATED, "this private engine was closed")));
            }
            return engine.executeBatch(requests, cancellation);
        }

        @Override
        public Optional<ActionAck> status(String operationId) throws EngineException {
            return open().status(operationId);
        }

        @Override
        public Capabilities capabilities() throws EngineException {
            return open().capabilities();
        }

        @Override
        public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
                throws EngineException, ExecutorException {
            return open().observeSemantic(cancellation, deadlineAtMs);
        }

        @Override
        public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
                throws EngineException, ExecutorException {
            return open().listSurfaces(cancellation, deadlineAtMs);
        }

        @Override
        public SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
                throws EngineException, ExecutorException {
            return open().observeSurface(surface, cancellation, deadlineAtMs);
        }

        @Override
        public CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
                throws EngineException, ExecutorException {
            return open().observeCoordinates(cancellation, deadlineAtMs);
        }

        @Override
        public void close() {
            closed = true;
            ledger.close();
        }
    }
}

package org.praefectus.engine.execution;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.BatchStep;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * The {@link Engine} service: a thin wrapper over {@link OperationEngine}. Executors are bound dynamically
 * (any number, highest ranking used; {@code executor.target} narrows them); one leaving mid-operation ends
 * that operation safely through {@link ExecutorRegistry}. The verifier is mandatory and static: a new key
 * list re-creates the engine. A host {@link OutcomeLedger} service is used when present.
 */
@Designate(ocd = EngineConfig.class)
@Component(service = Engine.class, configurationPid = EngineConfig.PID)
public final class EngineComponent implements Engine {

    private final ExecutorRegistry executors = new ExecutorRegistry();
    private final OperationLedger ledger;
    private final OperationEngine engine;

    @Activate
    public EngineComponent(
            EngineConfig config,
            @Reference AuthorityVerifier authority,
            @Reference(cardinality = ReferenceCardinality.OPTIONAL, policyOption = ReferencePolicyOption.GREEDY)
                    OutcomeLedger outcomes) {
        this.ledger = new OperationLedger(Path.of(config.ledger_path()));
        this.engine = new OperationEngine(
                executors,
                authority,
                outcomes != null ? outcomes : NullOutcomeLedger.INSTANCE,
                ledger,
                EngineOptions.fromEnvironment());
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

    @Deactivate
    void deactivate() {
        ledger.close();
    }

    @Override
    public ExecuteReport execute(ActionRequest request, CancellationToken cancellation) throws EngineException {
        return engine.execute(request, cancellation);
    }

    @Override
    public ExecuteReport execute(byte[] requestJson, CancellationToken cancellation) throws EngineException {
        return engine.execute(requestJson, cancellation);
    }

    @Override
    public List<BatchStep> executeBatch(List<ActionRequest> requests, CancellationToken cancellation) {
        return engine.executeBatch(requests, cancellation);
    }

    @Override
    public Optional<ActionAck> status(String operationId) throws EngineException {
        return engine.status(operationId);
    }

    @Override
    public Capabilities capabilities() throws EngineException {
        return engine.capabilities();
    }
}

package org.praefectus.api.engine;

import java.util.List;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Capabilities;

/**
 * Executes host-signed protocol v2 requests with durable at-most-once dispatch.
 *
 * <p>Order of checks: strict versions and request rules (unfenced targets fail here, before authority is
 * consumed) → normalized action hash → {@link AuthorityVerifier} (signature and binding of every grant
 * field) → durable claim in the operation ledger (fsync) or replay / conflict / interrupted recovery →
 * {@link OutcomeLedger#begin} → capability and interaction-mode route check → observation and live fence
 * → cancellation/deadline → shared-desktop sentinel → dispatch → sentinel → verification → durable
 * terminal. Whatever cannot be proven after dispatch is {@code outcome_unknown}, never success, never
 * retried.
 */
@ProviderType
public interface Engine {

    /**
     * Executes one request.
     *
     * @param request      a request whose structure was parsed strictly
     * @param cancellation the host's token, checked before every effect
     * @return the acknowledgements, ending in a terminal
     * @throws EngineException refused before a claim (invalid, denied, conflict) or ledger unusable
     */
    ExecuteReport execute(ActionRequest request, CancellationToken cancellation) throws EngineException;

    /**
     * Strictly parses and executes one request given as JSON bytes.
     *
     * @throws EngineException {@link EngineError#INVALID_REQUEST} with the parser's code for malformed input,
     *                         else as {@link #execute(ActionRequest, CancellationToken)}
     */
    ExecuteReport execute(byte[] requestJson, CancellationToken cancellation) throws EngineException;

    /**
     * Executes individually signed requests in order, continuing only after a terminal {@code succeeded}
     * with effect {@code verified}. Not a transaction: completed effects remain.
     *
     * @param requests     the steps; empty does nothing
     * @param cancellation the host's token
     * @return one entry per attempted step, including the one that stopped the batch
     */
    List<BatchStep> executeBatch(List<ActionRequest> requests, CancellationToken cancellation);

    /**
     * The durable terminal of an operation. A claim without a terminal is recovered as {@code
     * outcome_unknown} with {@link org.praefectus.api.protocol.Protocol#INTERRUPTED_OUTCOME_MESSAGE} and
     * recorded.
     *
     * @param operationId the operation ID
     * @return the terminal acknowledgement, or empty when the operation was never claimed
     * @throws EngineException invalid operation ID or unusable ledger
     */
    Optional<ActionAck> status(String operationId) throws EngineException;

    /**
     * The bound executor's capabilities.
     *
     * @throws EngineException {@link EngineError#EXECUTOR_UNAVAILABLE}
     */
    Capabilities capabilities() throws EngineException;
}

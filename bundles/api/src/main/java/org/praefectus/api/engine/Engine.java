package org.praefectus.api.engine;

import java.util.List;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;

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
 *
 * <p>Hosts observe through the engine too ({@link #observeSemantic}, {@link #listSurfaces}, {@link
 * #observeSurface}, {@link #observeCoordinates}): each asks the executor {@link #execute} would dispatch to at
 * that moment (the engine's own choice, narrowed by its {@code executor.target}), so the targets a host fences
 * come from the executor that will act on them. These reads claim nothing and are cancelled when that executor
 * leaves.
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

    /**
     * One bounded semantic snapshot of the active surface, from the engine's executor. Read-only.
     *
     * @param cancellation the host's token; also cancelled when the executor leaves during the read
     * @param deadlineAtMs the read's deadline, milliseconds since the epoch
     * @throws EngineException   {@link EngineError#EXECUTOR_UNAVAILABLE} when no executor is bound
     * @throws ExecutorException the executor's refusal: cancelled, expired, not found or unavailable
     */
    SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException;

    /**
     * The surfaces (windows, pages) the engine's executor can observe. Read-only.
     *
     * @throws EngineException   {@link EngineError#EXECUTOR_UNAVAILABLE} when no executor is bound
     * @throws ExecutorException the executor's refusal
     */
    List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException;

    /**
     * One exact host-selected surface observed through the engine's executor, without activating it.
     *
     * @throws EngineException   {@link EngineError#EXECUTOR_UNAVAILABLE} when no executor is bound
     * @throws ExecutorException the executor's refusal: invalid, stale, cancelled, expired or unavailable
     */
    SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException;

    /**
     * A coordinate observation of the engine's executor, whose hashes fence coordinate targets.
     *
     * @throws EngineException   {@link EngineError#EXECUTOR_UNAVAILABLE} when no executor is bound
     * @throws ExecutorException the executor's refusal
     */
    CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException;
}

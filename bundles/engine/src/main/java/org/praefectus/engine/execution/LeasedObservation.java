package org.praefectus.engine.execution;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;

/**
 * A host's read-only observations, asked of the executor an operation would lease at that moment: the same
 * registry, ranking and {@code executor.target} as dispatch, so what a host fences and what the engine acts on
 * come from one executor. Each read holds a lease, so an executor leaving mid-read cancels it.
 */
final class LeasedObservation {

    private interface Read<T> {
        T from(Executor executor, CancellationToken cancellation) throws ExecutorException;
    }

    private final ExecutorRegistry executors;

    LeasedObservation(ExecutorRegistry executors) {
        this.executors = requireNonNull(executors, "executors");
    }

    SemanticObservation semantic(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return read(cancellation, (executor, token) -> executor.observeSemantic(token, deadlineAtMs));
    }

    List<SurfaceDescriptor> surfaces(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return read(cancellation, (executor, token) -> executor.listSurfaces(token, deadlineAtMs));
    }

    SemanticObservation surface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        requireNonNull(surface, "surface");
        return read(cancellation, (executor, token) -> executor.observeSurface(surface, token, deadlineAtMs));
    }

    CoordinateObservation coordinates(CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        return read(cancellation, (executor, token) -> executor.observeCoordinates(token, deadlineAtMs));
    }

    private <T> T read(CancellationToken cancellation, Read<T> read) throws EngineException, ExecutorException {
        requireNonNull(cancellation, "cancellation");
        try (ExecutorRegistry.Lease lease = executors
                .acquire()
                .orElseThrow(() -> new EngineException(EngineError.EXECUTOR_UNAVAILABLE, "no executor is bound"))) {
            return read.from(lease.executor(), CancellationToken.linkedTo(cancellation, lease.departure()));
        }
    }
}

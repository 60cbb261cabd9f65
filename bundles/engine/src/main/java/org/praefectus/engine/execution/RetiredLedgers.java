package org.praefectus.engine.execution;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.engine.EngineException;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * The operation ledgers an engine switched away from when its {@code ledger.path} changed while it ran. They stay
 * open until the engine is deactivated, and an operation one of them holds is answered from it: a signed request
 * presented again after the move is a replay (or the conflict, or the interrupted claim) that ledger records, never
 * a second dispatch. Moving back to a retired path takes that ledger up again. Guarded by the engine's ledger lock:
 * changed under its write lock, read under its read lock.
 */
final class RetiredLedgers implements AutoCloseable {

    private final Map<Path, OperationLedger> byPath = new LinkedHashMap<>();

    boolean isEmpty() {
        return byPath.isEmpty();
    }

    /** Keeps {@code ledger}, which was at {@code path}, for the operations it holds. */
    void retire(Path path, OperationLedger ledger) {
        byPath.put(path, ledger);
    }

    /** The retired ledger at {@code path}, no longer retired, when the engine moves back to it. */
    Optional<OperationLedger> takeBack(Path path) {
        return Optional.ofNullable(byPath.remove(path));
    }

    /** The first retired ledger with a record of {@code operationId}. */
    Optional<OperationLedger> holding(String operationId) {
        for (OperationLedger ledger : byPath.values()) {
            try {
                if (OperationEngine.status(ledger, operationId).isPresent()) {
                    return Optional.of(ledger);
                }
            } catch (EngineException | RuntimeException unreadable) {
                // an identifier the engine refuses anyway, or a ledger that cannot be read: the current engine
                // answers (and refuses) the request
            }
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        byPath.values().forEach(OperationLedger::close);
        byPath.clear();
    }
}

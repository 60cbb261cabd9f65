package org.praefectus.engine.execution;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;

/**
 * The executors the engine may use, highest ranking first, and the operations in flight on each. When an
 * executor leaves, every lease on it is marked departed and its token cancelled: the engine then ends the
 * operation as {@code cancelled_before_effect} before dispatch and {@code outcome_unknown} after, and never
 * calls the departed executor again. Thread-safe.
 */
public final class ExecutorRegistry {

    private record Binding(Executor executor, int ranking, long order) {}

    private final List<Binding> bindings = new ArrayList<>();
    private final List<Lease> leases = new ArrayList<>();
    private long arrivals;

    /** A registry holding one executor, for hosts that construct the engine in code. */
    public static ExecutorRegistry of(Executor executor) {
        ExecutorRegistry registry = new ExecutorRegistry();
        registry.add(executor, 0);
        return registry;
    }

    /** An executor arrived. Higher ranking wins; among equals the first to arrive. */
    public synchronized void add(Executor executor, int ranking) {
        bindings.add(new Binding(requireNonNull(executor, "executor"), ranking, arrivals++));
        bindings.sort(Comparator.comparingInt(Binding::ranking).reversed().thenComparingLong(Binding::order));
    }

    /** An executor left: its in-flight operations are told at once. */
    public synchronized void remove(Executor executor) {
        bindings.removeIf(binding -> binding.executor == executor);
        for (Lease lease : leases) {
            if (lease.executor == executor) {
                lease.departed.cancel();
            }
        }
    }

    /** The current best executor for one operation, or empty when none is bound. */
    public synchronized Optional<Lease> acquire() {
        if (bindings.isEmpty()) {
            return Optional.empty();
        }
        Lease lease = new Lease(this, bindings.get(0).executor);
        leases.add(lease);
        return Optional.of(lease);
    }

    /** The current best executor, without a lease, for read-only questions. */
    public synchronized Optional<Executor> current() {
        return bindings.isEmpty() ? Optional.empty() : Optional.of(bindings.get(0).executor);
    }

    private synchronized void release(Lease lease) {
        leases.remove(lease);
    }

    /** One operation's use of one executor. */
    public static final class Lease implements AutoCloseable {
        private final ExecutorRegistry registry;
        private final Executor executor;
        private final CancellationToken departed = new CancellationToken();

        private Lease(ExecutorRegistry registry, Executor executor) {
            this.registry = registry;
            this.executor = executor;
        }

        /** The executor. */
        public Executor executor() {
            return executor;
        }

        /** Cancelled when the executor leaves. */
        public CancellationToken departure() {
            return departed;
        }

        /** Whether the executor left during this operation. */
        public boolean departed() {
            return departed.isCancelled();
        }

        @Override
        public void close() {
            registry.release(this);
        }
    }
}

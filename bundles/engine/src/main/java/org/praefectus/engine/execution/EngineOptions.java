package org.praefectus.engine.execution;

import static java.util.Objects.requireNonNull;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.praefectus.api.executor.GlobalInput;

/**
 * How an engine behaves beyond its collaborators.
 *
 * @param globalInput whether input that cannot be delivered to one process (global pointer/keyboard synthesis) may
 *                    be dispatched now, asked for each operation ({@link GlobalInput}: the environment's opt-in, or an
 *                    operator's opt-in registered in the framework)
 * @param clock       milliseconds since the epoch
 */
public record EngineOptions(BooleanSupplier globalInput, LongSupplier clock) {
    public EngineOptions {
        requireNonNull(globalInput, "globalInput");
        requireNonNull(clock, "clock");
    }

    /** A fixed decision on global input. */
    public EngineOptions(boolean allowGlobalInput, LongSupplier clock) {
        this(() -> allowGlobalInput, clock);
    }

    /** Whether global input may be dispatched now. */
    public boolean allowGlobalInput() {
        return globalInput.getAsBoolean();
    }

    /** Global input as the environment says ({@code =1} only), on the system clock. */
    public static EngineOptions fromEnvironment() {
        return new EngineOptions(GlobalInput.optedIn(System.getenv()), System::currentTimeMillis);
    }
}

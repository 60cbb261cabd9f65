package org.praefectus.engine.execution;

import static java.util.Objects.requireNonNull;

import java.util.function.LongSupplier;

/**
 * How an engine behaves beyond its collaborators.
 *
 * @param allowGlobalInput whether input that cannot be delivered to one process (global pointer/keyboard
 *                         synthesis) may be dispatched; the reference's {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}
 * @param clock            milliseconds since the epoch
 */
public record EngineOptions(boolean allowGlobalInput, LongSupplier clock) {
    public EngineOptions {
        requireNonNull(clock, "clock");
    }

    /** The environment variable that opts into global input. */
    public static final String ALLOW_GLOBAL_INPUT_ENV = "PRAEFECTUS_ALLOW_GLOBAL_INPUT";

    /** Global input as the environment says ({@code =1} only), on the system clock. */
    public static EngineOptions fromEnvironment() {
        return new EngineOptions("1".equals(System.getenv(ALLOW_GLOBAL_INPUT_ENV)), System::currentTimeMillis);
    }
}

package org.praefectus.linux.cli;

import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.ExecutorException;

/** What the observation commands share: the 30 s bound and how a failed observation is reported. */
final class ObservationCommands {

    /** The whole command must finish within this, desktop unavailable or not. */
    static final long DEADLINE_MS = 30_000;

    private ObservationCommands() {}

    static long deadline() {
        return System.currentTimeMillis() + DEADLINE_MS;
    }

    /** Exit 3 with {@code observation_error} and the executor's fixed message (never backend detail). */
    static CliCommandException failure(ExecutorException e) {
        return CliCommandException.failure("observation_error", e.failure().code() + ": " + e.getMessage());
    }

    /** Exit 3 with the engine's code ({@code executor_unavailable}: no executor is bound) and its fixed message. */
    static CliCommandException failure(EngineException e) {
        return CliCommandException.failure(e.error().code(), e.getMessage());
    }
}

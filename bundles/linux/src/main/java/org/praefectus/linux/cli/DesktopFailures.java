package org.praefectus.linux.cli;

import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

/** How the desktop commands report a failed lookup: a typed code per failure, the executor's fixed text. */
final class DesktopFailures {

    private DesktopFailures() {}

    /** A refusal of the desktop service: {@code usage} as a usage error (exit 2), any other code as a failure. */
    static CliCommandException of(DesktopException e) {
        return e.code().equals("usage")
                ? CliCommandException.usage(e.getMessage())
                : CliCommandException.failure(e.code(), e.getMessage());
    }

    static CliCommandException of(ExecutorException e) {
        String code = e.failure() == ExecutorFailure.TARGET_NOT_FOUND ? "target_not_found" : "observation_error";
        return CliCommandException.failure(code, e.failure().code() + ": " + e.getMessage());
    }
}

package org.praefectus.plugins.process;

import java.time.Duration;
import java.util.Objects;

/**
 * What happened to one process.
 *
 * @param termination          how it ended
 * @param exitCode             the status the operating system reported for the root process: its exit
 *                             code, or 128 + the signal number when a signal ended it (137 after the
 *                             runner's SIGKILL)
 * @param stdout               the kept stdout
 * @param stderr               the kept stderr
 * @param elapsed              from start to the end of the root process
 * @param strayProcessesKilled descendants the runner killed after the root had exited by itself
 */
public record ProcessResult(
        Termination termination,
        int exitCode,
        CapturedOutput stdout,
        CapturedOutput stderr,
        Duration elapsed,
        int strayProcessesKilled) {

    public ProcessResult {
        Objects.requireNonNull(termination, "termination");
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
        Objects.requireNonNull(elapsed, "elapsed");
    }

    /** Exited by itself with status 0. */
    public boolean succeeded() {
        return termination == Termination.EXITED && exitCode == 0;
    }

    /** stdout or stderr exceeded the cap. */
    public boolean truncated() {
        return stdout.truncated() || stderr.truncated();
    }
}

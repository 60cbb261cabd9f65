package org.praefectus.plugins.process;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Starts child processes under a {@link ProcessSpec}'s bounds.
 *
 * <ul>
 *   <li>The command is an argv list handed to the operating system; nothing is ever run through a shell.</li>
 *   <li>The child's environment is empty except for the inherited names the spec allows and the variables
 *       it sets: secrets in the parent's environment do not reach the child.</li>
 *   <li>At the deadline, or on {@link ProcessExecution#cancel()}, the root process and every descendant
 *       the runner has seen are killed (SIGKILL). When the root exits by itself, descendants it leaves
 *       behind are killed too: the runner owns the whole tree.</li>
 *   <li>stdout and stderr are read to the end, whatever their size: every line goes to the
 *       {@link OutputListener}, and the first {@code maxOutputBytes} of each are kept in the result with
 *       the total count and a truncation flag.</li>
 * </ul>
 * On Linux the child is started through {@code setsid} (argv, no shell) so that it leads a new session:
 * every descendant, re-parented or not, is found as a member of that session. Elsewhere descendants are
 * found by sampling the process table about every 100 ms, so one that forks and detaches between two
 * samples can escape. A descendant that starts a session of its own escapes either way.
 */
@ProviderType
public interface ProcessRunner {

    /**
     * Starts a process; returns at once.
     *
     * @param spec     what to run and its bounds
     * @param listener receives every stdout and stderr line, on the runner's reader threads, in order per
     *                 stream; exceptions it throws are ignored so that output keeps draining
     * @throws ProcessStartException when the operating system cannot start the program
     */
    ProcessExecution start(ProcessSpec spec, OutputListener listener) throws ProcessStartException;

    /** Starts a process without a listener and waits for its result. */
    default ProcessResult run(ProcessSpec spec) throws ProcessStartException, InterruptedException {
        return start(spec, OutputListener.NONE).await();
    }
}

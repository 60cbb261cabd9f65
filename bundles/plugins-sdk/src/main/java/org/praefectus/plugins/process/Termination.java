package org.praefectus.plugins.process;

/** How a process ended. */
public enum Termination {
    /** It exited (or died of a signal) by itself; the exit code is what the operating system reported. */
    EXITED,
    /** The deadline was reached and the runner killed the process tree. */
    TIMED_OUT,
    /** {@link ProcessExecution#cancel()} killed the process tree. */
    CANCELLED
}

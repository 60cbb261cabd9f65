package org.praefectus.plugins.process;

import org.praefectus.plugins.runner.BoundedProcessRunner;

/** A process runner outside a framework: for tests and for hosts that embed the SDK as a library. */
public final class ProcessRunners {

    private ProcessRunners() {}

    /**
     * A runner with its own threads. Closing it kills every process it still runs and stops its threads.
     * In a framework, use the {@link ProcessRunner} service instead.
     */
    public static ClosableProcessRunner open() {
        return new BoundedProcessRunner(System.getenv());
    }
}

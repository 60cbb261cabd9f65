package org.praefectus.plugins.process;

import java.util.concurrent.CompletionStage;
import org.osgi.annotation.versioning.ProviderType;

/** A started process and, once it is over, its result. */
@ProviderType
public interface ProcessExecution {

    /** The operating system's id of the root process. */
    long pid();

    /**
     * Kills the process tree now. The result reports {@link Termination#CANCELLED}, unless the process had
     * already ended by itself. Calling it again, or after the end, does nothing.
     */
    void cancel();

    /** Completes with the result once the root has ended and its output has been read. Never fails. */
    CompletionStage<ProcessResult> completion();

    /** Waits for {@link #completion()}. */
    ProcessResult await() throws InterruptedException;
}

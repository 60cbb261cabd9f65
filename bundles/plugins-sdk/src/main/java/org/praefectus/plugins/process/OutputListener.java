package org.praefectus.plugins.process;

import org.osgi.annotation.versioning.ConsumerType;

/** Receives a process's output line by line while it runs. */
@ConsumerType
@FunctionalInterface
public interface OutputListener {

    /** A listener that ignores everything. */
    OutputListener NONE = (stream, line) -> {};

    /**
     * One line without its terminator ({@code \n}, and a {@code \r} before it). A line longer than the
     * spec's {@code maxOutputBytes} arrives in pieces of at most that many bytes. Bytes are decoded as
     * UTF-8, malformed input replaced.
     */
    void onLine(ProcessStream stream, String line);
}

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

    /**
     * The text of a line the child has begun without ending it, each time the child has written more of it
     * and nothing further is readable for now: a program asking a question ({@code Proceed? [y/N] }) often
     * waits without a newline, and {@link #onLine} would see that line only when the stream ends. The line
     * still arrives through {@link #onLine} once it is ended (or the stream is). By default, ignored.
     */
    default void onPartialLine(ProcessStream stream, String partial) {}
}

package org.praefectus.plugins.process;

/** The two output streams of a child process. */
public enum ProcessStream {
    STDOUT,
    STDERR
}

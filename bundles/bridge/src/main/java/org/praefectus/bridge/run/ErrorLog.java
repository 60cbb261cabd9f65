package org.praefectus.bridge.run;

import java.io.PrintStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bridge's own failures, one line each on standard error (the journal, under the shipped systemd unit):
 * {@code praetor-execd: error: run <id>: <what failed>: <cause>}. A failure that an HTTP client sees as
 * {@code internal_error}, a run failed by the bridge, a record skipped at start: none passes silently. Only
 * what the bridge itself knows is written: exception classes and their messages (paths, errno texts), never
 * a request body, a prompt, a token or an agent's output; a JSON parser's message, which can quote its
 * input, is reduced to the exception's class. Each line also goes to the bridge's process log
 * ({@code log_dir/logs/bridge.log}), where it outlives the journal's rotation.
 */
public final class ErrorLog {

    /** Standard error, as the JVM has it when the line is written. */
    public static final ErrorLog STDERR = new ErrorLog(null);

    private static final Logger LOG = LoggerFactory.getLogger(ErrorLog.class);

    private final PrintStream out;

    /** @param out where the lines go; null: {@link System#err} at each write */
    public ErrorLog(PrintStream out) {
        this.out = out;
    }

    /** A failure of the bridge; {@code runId} may be null when no run is concerned. */
    public void error(String runId, String what, Throwable cause) {
        write("error", runId, what, cause);
    }

    /** Something skipped or degraded that the operator should know of. */
    public void warning(String runId, String what, Throwable cause) {
        write("warning", runId, what, cause);
    }

    private void write(String level, String runId, String what, Throwable cause) {
        StringBuilder line = new StringBuilder();
        if (runId != null) {
            line.append("run ").append(runId).append(": ");
        }
        line.append(what);
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            line.append(": ").append(describe(t));
        }
        String text = line.toString().replace('\n', ' ');
        (out != null ? out : System.err).println("praetor-execd: " + level + ": " + text);
        if (level.equals("error")) {
            LOG.error(text);
        } else {
            LOG.warn(text);
        }
    }

    private static String describe(Throwable t) {
        String name = t.getClass().getSimpleName();
        if (t.getClass().getName().startsWith("com.fasterxml.jackson.") || t.getMessage() == null) {
            return name;
        }
        return name + ": " + t.getMessage();
    }
}

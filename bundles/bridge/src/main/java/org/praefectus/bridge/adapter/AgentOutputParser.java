package org.praefectus.bridge.adapter;

import java.util.List;
import org.praefectus.plugins.process.Termination;

/** Reads one run's stdout (JSONL) line by line and decides its outcome. One instance per run. */
public interface AgentOutputParser {

    /** Events for one stdout line; unknown JSON types and non-JSON lines are ignorable. */
    List<ParsedEvent> onStdoutLine(String line);

    /** Remembers a stderr line for classification (CLI errors often arrive there). */
    void onStderrLine(String line);

    /**
     * The outcome once the process has ended by itself ({@link Termination#EXITED}); timeouts and
     * cancellation are decided by the bridge.
     */
    Outcome finish(int exitCode);

    /**
     * Files the agent replaced whole (not edited), as the CLI reported them: relative to the workdir or
     * absolute. The bridge withholds replacing a file the task did not name unless destructive writes
     * are allowed.
     */
    default List<String> overwrittenFiles() {
        return List.of();
    }
}

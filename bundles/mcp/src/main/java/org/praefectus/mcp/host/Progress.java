package org.praefectus.mcp.host;

/** Progress of a call that waits, reported to a client that sent a {@code progressToken}. */
@FunctionalInterface
public interface Progress {

    /**
     * @param done    how far, increasing with each report
     * @param total   the end, or {@code null} when unknown
     * @param message what is being waited for (fixed text, never content)
     */
    void report(double done, Double total, String message);

    /** For a client that asked for no progress. */
    Progress NONE = (done, total, message) -> {};
}

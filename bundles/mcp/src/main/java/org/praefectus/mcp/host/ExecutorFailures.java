package org.praefectus.mcp.host;

import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.ExecutorException;

/** The tool errors of a missing or failing executor (the one the engine would lease). */
final class ExecutorFailures {

    private ExecutorFailures() {}

    /** The engine has no executor ({@code executor_unavailable}) or was replaced ({@code engine_deactivated}). */
    static ToolResult noExecutor(EngineException e) {
        return ToolResult.failure(
                e.error().code(),
                "no executor is available",
                "start the desktop session, then call observe again",
                true);
    }

    static ToolResult observationFailure(ExecutorException e) {
        return ToolResult.failure(
                "observation_failed",
                e.failure().code() + ": " + e.getMessage(),
                "check that the desktop session is running and call observe again",
                true);
    }

    /**
     * No window is active to observe: not a session that is down (headless gnome-shell activates no window of its
     * own accord), so the agent is told to name a surface instead.
     */
    static ToolResult noActiveWindow(ExecutorException e) {
        return ToolResult.failure(
                "observation_failed",
                e.failure().code() + ": " + e.getMessage(),
                "no window is active: call surfaces, then observe one of them by its surface id",
                true);
    }

    /**
     * A browser page that could not be observed: what to do next in browser mode (there is no desktop session to
     * check). A busy page answers later; one that keeps failing can be loaded again.
     */
    static ToolResult pageObservationFailure(ExecutorException e) {
        return ToolResult.failure(
                "observation_failed",
                e.failure().code() + ": " + e.getMessage(),
                "call observe again (a busy page answers later); if it keeps failing, reload the page with act open"
                        + " of its URL",
                true);
    }
}

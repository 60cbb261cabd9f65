package org.praefectus.api.workflow;

import org.osgi.annotation.versioning.ProviderType;

/**
 * PeekabooX's workflow recorder (provided by {@code org.praefectus.workflow}): while a recording is active, the
 * {@code find_element}, {@code click}, {@code type_text} and {@code paste_text} calls that succeed through the
 * platform's desktop service are written as steps of the workflow schema, so a recording is reviewed, edited,
 * saved ({@link WorkflowService#save}) and replayed like any workflow file. A click at screen coordinates is recorded
 * as a semantic selector when the desktop resolves exactly one element there, else as its point. Typed and pasted
 * text is kept only in the recorded workflow, never logged.
 */
@ProviderType
public interface WorkflowRecorder {

    /**
     * Starts recording under {@code name}, replacing an active recording (PeekabooX does the same).
     *
     * @throws WorkflowException {@code invalid_name} for a blank name
     */
    void start(String name) throws WorkflowException;

    /**
     * Ends the active recording.
     *
     * @return what it recorded
     * @throws WorkflowException {@code not_recording}; {@code empty_recording} when nothing was recorded (a workflow
     *                           has at least one step)
     */
    Workflow stop() throws WorkflowException;

    /**
     * The active recording so far, else the last one stopped.
     *
     * @throws WorkflowException {@code no_recording}, {@code empty_recording}
     */
    Workflow recorded() throws WorkflowException;

    /** Whether a recording is active. */
    boolean active();

    /**
     * Records a call that succeeded on a surface's own path (a call through the desktop service is recorded by the
     * service itself); nothing happens unless a recording is active. A click at a point is written as the unique
     * selector of what is there now, else as the point.
     */
    void record(RecordedCall call);
}

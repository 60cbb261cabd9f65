package org.praefectus.workflow.record;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.WorkflowFiles;

/**
 * The recorder's state: the active recording's name and steps, and the last recording stopped. Thread-safe: the
 * desktop's calls arrive from any surface's thread. Steps are kept in the file's own shape and read back through
 * {@link WorkflowFiles}, so a recording is validated exactly as a file is.
 */
final class Recording {

    private String name;
    private final List<ObjectNode> steps = new ArrayList<>();
    private Workflow last;

    public synchronized void start(String name) throws WorkflowException {
        if (name == null || name.isBlank()) {
            throw new WorkflowException("invalid_name", "a recording needs a non-empty name");
        }
        this.name = name.strip();
        steps.clear();
    }

    public synchronized Workflow stop() throws WorkflowException {
        if (name == null) {
            throw new WorkflowException("not_recording", "no recording is active");
        }
        Workflow recorded = workflow();
        last = recorded;
        name = null;
        steps.clear();
        return recorded;
    }

    public synchronized Workflow recorded() throws WorkflowException {
        if (name != null) {
            return workflow();
        }
        if (last == null) {
            throw new WorkflowException("no_recording", "nothing was recorded yet");
        }
        return last;
    }

    public synchronized boolean active() {
        return name != null;
    }

    /** Appends a step while a recording is active; otherwise does nothing. */
    synchronized void add(ObjectNode step) {
        if (name != null) {
            steps.add(step);
        }
    }

    private Workflow workflow() throws WorkflowException {
        if (steps.isEmpty()) {
            throw new WorkflowException("empty_recording", "the recording has no steps yet");
        }
        ObjectNode tree = JsonNodeFactory.instance.objectNode();
        tree.put("schema_version", Workflow.SCHEMA_VERSION);
        tree.put("name", name);
        tree.putArray("steps").addAll(steps);
        try {
            return WorkflowFiles.fromTree(tree);
        } catch (WorkflowValidationException e) {
            throw new IllegalStateException("the recorder wrote an invalid step: " + e.getMessage(), e);
        }
    }
}

package org.praefectus.daemon.ipc;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowRecorder;
import org.praefectus.api.workflow.WorkflowService;

/**
 * PeekabooX's recording tools as socket methods over the typed {@link WorkflowRecorder}: the calls that succeed
 * through the daemon's desktop service (its socket verbs, the CLI's route) while a recording runs become steps.
 * {@code start_workflow_recording} ({@code name}), {@code stop_workflow_recording} (its name, step count and actions,
 * never a value), {@code get_recorded_workflow} (the workflow itself: the operator asked for it) and
 * {@code save_recorded_workflow} ({@code path}, absolute; JSON or YAML by its suffix).
 */
final class SocketRecording {

    static final List<String> METHODS = List.of(
            "start_workflow_recording", "stop_workflow_recording", "get_recorded_workflow", "save_recorded_workflow");

    private final WorkflowRecorder recorder;
    private final WorkflowService workflows;

    SocketRecording(WorkflowRecorder recorder, WorkflowService workflows) {
        this.recorder = recorder;
        this.workflows = workflows;
    }

    Object call(String method, RequestFields fields) throws IpcException {
        try {
            switch (method) {
                case "start_workflow_recording" -> {
                    String given = fields.text("name");
                    fields.noneLeft();
                    String name = given == null ? "recorded-workflow" : given.strip();
                    recorder.start(name);
                    return Map.of("recording", true, "name", name);
                }
                case "stop_workflow_recording" -> {
                    fields.noneLeft();
                    return SocketWorkflows.summary(recorder.stop());
                }
                case "get_recorded_workflow" -> {
                    fields.noneLeft();
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("workflow", recorder.recorded());
                    body.put("recording", recorder.active());
                    return body;
                }
                default -> {
                    Path file = SocketWorkflows.path(fields, method);
                    fields.noneLeft();
                    Workflow workflow = recorder.recorded();
                    workflows.save(workflow, file);
                    Map<String, Object> body = SocketWorkflows.summary(workflow);
                    body.put("path", file.toString());
                    return body;
                }
            }
        } catch (WorkflowException e) {
            throw SocketWorkflows.failure(e);
        }
    }
}

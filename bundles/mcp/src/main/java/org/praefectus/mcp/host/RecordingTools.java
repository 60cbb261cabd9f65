package org.praefectus.mcp.host;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowRecorder;
import org.praefectus.api.workflow.WorkflowStep;

/**
 * PeekabooX's recording tools over the runtime's {@code WorkflowRecorder} (capability {@code workflow_record}:
 * operator): {@code start_workflow_recording} ({@code name}), {@code stop_workflow_recording},
 * {@code get_recorded_workflow} (the workflow itself, with its values: the person asked for it) and
 * {@code save_recorded_workflow} ({@code path}, {@code format}). Start and stop answer with the actions only.
 */
final class RecordingTools implements Tool {

    private final String name;
    private final HostServices services;

    private RecordingTools(String name, HostServices services) {
        this.name = name;
        this.services = services;
    }

    static List<Tool> all(HostServices services) {
        return List.of(
                new RecordingTools("start_workflow_recording", services),
                new RecordingTools("stop_workflow_recording", services),
                new RecordingTools("get_recorded_workflow", services),
                new RecordingTools("save_recorded_workflow", services));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(
                name,
                args,
                switch (name) {
                    case "start_workflow_recording" -> Set.of("name");
                    case "save_recorded_workflow" -> Set.of("path", "format");
                    default -> Set.of();
                });
        if (services.recorder().isEmpty()) {
            return ToolResult.failure(
                    "recorder_unavailable",
                    "this runtime has no workflow recorder",
                    "run the server from praefectus.jar on a desktop session",
                    true);
        }
        WorkflowRecorder recorder = services.recorder().get();
        try {
            switch (name) {
                case "start_workflow_recording" -> {
                    String recording = ToolArguments.stringArgument(args, "name", false);
                    String named = recording == null ? "recorded-workflow" : recording.strip();
                    recorder.start(named);
                    return ToolResult.ok(Map.of("recording", true, "name", named));
                }
                case "stop_workflow_recording" -> {
                    return ToolResult.ok(summary(recorder.stop()));
                }
                case "get_recorded_workflow" -> {
                    Map<String, Object> body = WorkflowServiceTools.plain(recorder.recorded());
                    body.put("recording", recorder.active());
                    return ToolResult.ok(body);
                }
                default -> {
                    return save(recorder, args);
                }
            }
        } catch (WorkflowException e) {
            return WorkflowServiceTools.failure(e);
        }
    }

    private ToolResult save(WorkflowRecorder recorder, Map<String, Object> args) throws WorkflowException {
        WorkflowServiceTools.Service service = WorkflowServiceTools.of(services, name);
        if (service.missing() != null) {
            return service.missing();
        }
        Path file = WorkflowServiceTools.path(args);
        String format = ToolArguments.workflowFormat(args);
        Workflow workflow = recorder.recorded();
        if (format == null) {
            service.workflows().save(workflow, file);
        } else {
            try {
                java.nio.file.Files.writeString(file, service.workflows().write(workflow, format));
            } catch (java.io.IOException e) {
                throw new WorkflowException("file_unwritable", "the workflow file cannot be written");
            }
        }
        Map<String, Object> body = summary(workflow);
        body.put("path", file.toString());
        return ToolResult.ok(body);
    }

    private static Map<String, Object> summary(Workflow workflow) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", workflow.name());
        body.put("steps", workflow.steps().size());
        body.put(
                "actions",
                workflow.steps().stream().map(WorkflowStep::canonicalAction).toList());
        return body;
    }
}

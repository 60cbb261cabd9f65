package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Set;
import org.praefectus.api.workflow.WorkflowException;

/**
 * {@code load_workflow_file} (PeekabooX): a JSON or YAML workflow file read and validated strictly, never run. The
 * result is the workflow in its normalized form.
 */
final class LoadWorkflowFileTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("path");

    private final HostServices services;

    LoadWorkflowFileTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "load_workflow_file";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        WorkflowServiceTools.Service service = WorkflowServiceTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        try {
            return ToolResult.ok(WorkflowServiceTools.plain(service.workflows().load(WorkflowServiceTools.path(args))));
        } catch (WorkflowException e) {
            return WorkflowServiceTools.failure(e);
        }
    }
}

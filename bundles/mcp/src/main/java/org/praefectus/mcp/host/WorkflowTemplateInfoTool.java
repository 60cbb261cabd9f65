package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Set;
import org.praefectus.api.workflow.WorkflowException;

/**
 * {@code workflow_template_info} (PeekabooX): one built-in template with its workflow as an object and as JSON and
 * YAML text, to edit and run with {@code execute_workflow}.
 */
final class WorkflowTemplateInfoTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("template_id");

    private final HostServices services;

    WorkflowTemplateInfoTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "workflow_template_info";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        String id = ToolArguments.stringArgument(args, "template_id", true);
        WorkflowServiceTools.Service service = WorkflowServiceTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        try {
            return ToolResult.ok(WorkflowServiceTools.plain(service.workflows().template(id)));
        } catch (WorkflowException e) {
            return WorkflowServiceTools.failure(e);
        }
    }
}

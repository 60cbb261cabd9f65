package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.workflow.TemplateFilter;
import org.praefectus.api.workflow.WorkflowTemplate;

/** {@code list_workflow_templates} (PeekabooX): the built-in editable templates, filtered by category, capability, tag. */
final class ListWorkflowTemplatesTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("category", "capability", "tag");

    private final HostServices services;

    ListWorkflowTemplatesTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "list_workflow_templates";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        TemplateFilter filter = new TemplateFilter(
                ToolArguments.stringArgument(args, "category", false),
                ToolArguments.stringArgument(args, "capability", false),
                ToolArguments.stringArgument(args, "tag", false));
        WorkflowServiceTools.Service service = WorkflowServiceTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        List<WorkflowTemplate> templates = service.workflows().templates(filter);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put(
                "templates", templates.stream().map(WorkflowServiceTools::plain).toList());
        body.put("count", templates.size());
        return ToolResult.ok(body);
    }
}

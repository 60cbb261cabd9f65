package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.workflow.WorkflowException;

/**
 * PeekabooX's {@code plan} (capability {@code workflow_generate}): a goal decomposed into its high-level planning
 * steps, as PeekabooX's planner does it (the goal itself, trimmed, is the one step), checked by the runtime's typed
 * goal loop ({@link org.praefectus.api.workflow.WorkflowGoals#plan}, the socket's too; {@code invalid_goal} for a
 * blank one). Runs nothing; {@code plan_workflow} is the step as a workflow.
 */
final class PlanTool implements Tool {

    private final HostServices services;

    PlanTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "plan";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, Set.of("goal"));
        String goal = ToolArguments.stringArgument(args, "goal", true);
        if (services.goals().isEmpty()) {
            return WorkflowServiceTools.missing("goal loop", name());
        }
        try {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("steps", services.goals().get().plan(goal));
            return ToolResult.ok(body);
        } catch (WorkflowException e) {
            return WorkflowServiceTools.failure(e);
        }
    }
}

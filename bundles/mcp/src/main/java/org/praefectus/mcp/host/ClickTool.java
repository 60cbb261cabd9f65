package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.host.AuditLog;

/**
 * {@code click}: a plain left click on an element with an accessibility action is that action
 * ({@code invoke}, target-addressed, as the CLI's {@code click --selector}); any other click is pointer input
 * at the fenced element (operator profile).
 */
final class ClickTool extends InputTool {

    ClickTool(SignedActions actions, ElementTargets targets, AuditLog audit) {
        super(actions, targets, audit);
    }

    @Override
    public String name() {
        return "click";
    }

    @Override
    String pointKind() {
        return "click";
    }

    @Override
    ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId) {
        String button = ToolArguments.stringArgument(args, "button", false);
        int count = ToolArguments.intArgument(args, "count", 1, 1, 3);
        boolean plain = (button == null || button.equalsIgnoreCase("left")) && count == 1;
        if (plain && target.element().actionability().invokable()) {
            return ActionArguments.planned("invoke", target.tag(), Map.of(), operationId);
        }
        return ActionArguments.planned("click", target.tag(), fields(args, "button", "count"), operationId);
    }
}

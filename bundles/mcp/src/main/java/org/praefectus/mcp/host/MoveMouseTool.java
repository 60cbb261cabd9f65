package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.host.AuditLog;

/** {@code move_mouse}: Moves the pointer onto the element (operator profile). */
final class MoveMouseTool extends InputTool {

    MoveMouseTool(SignedActions actions, ElementTargets targets, AuditLog audit) {
        super(actions, targets, audit);
    }

    @Override
    public String name() {
        return "move_mouse";
    }

    @Override
    String pointKind() {
        return "move";
    }

    @Override
    ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId) {
        return ActionArguments.planned("move", target.tag(), Map.of(), operationId);
    }
}

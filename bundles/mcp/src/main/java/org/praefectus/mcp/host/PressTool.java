package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.host.AuditLog;

/** {@code press}: Presses one key, count times, with the element focused (operator profile). */
final class PressTool extends InputTool {

    PressTool(SignedActions actions, ElementTargets targets, AuditLog audit) {
        super(actions, targets, audit);
    }

    @Override
    public String name() {
        return "press";
    }

    @Override
    ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId) {
        return ActionArguments.planned("press", target.tag(), fields(args, "key", "count"), operationId);
    }
}

package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.host.AuditLog;

/** {@code hotkey}: Presses a key combination with the element focused (operator profile). */
final class HotkeyTool extends InputTool {

    HotkeyTool(SignedActions actions, ElementTargets targets, AuditLog audit) {
        super(actions, targets, audit);
    }

    @Override
    public String name() {
        return "hotkey";
    }

    @Override
    ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId) {
        return ActionArguments.planned("hotkey", target.tag(), fields(args, "keys"), operationId);
    }
}

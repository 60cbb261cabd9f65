package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.host.AuditLog;

/** {@code paste_text}: Pastes text into the element through the clipboard (operator profile). */
final class PasteTextTool extends InputTool {

    PasteTextTool(SignedActions actions, ElementTargets targets, AuditLog audit) {
        super(actions, targets, audit);
    }

    @Override
    public String name() {
        return "paste_text";
    }

    @Override
    ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId) {
        return ActionArguments.planned("paste", target.tag(), fields(args, "text"), operationId);
    }
}

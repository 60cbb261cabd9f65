package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.host.AuditLog;

/** {@code scroll}: wheel steps over the element, or at a screen point ({@code x}, {@code y}) (operator profile). */
final class ScrollTool extends InputTool {

    ScrollTool(SignedActions actions, ElementTargets targets, AuditLog audit) {
        super(actions, targets, audit);
    }

    @Override
    public String name() {
        return "scroll";
    }

    @Override
    String pointKind() {
        return "scroll";
    }

    @Override
    ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId) {
        return ActionArguments.planned("scroll", target.tag(), fields(args, "direction", "amount"), operationId);
    }
}

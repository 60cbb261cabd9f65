package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.protocol.SemanticElement;

/**
 * {@code drag}: from the element to a second one of the same window ({@code to_selector} or {@code to_tag}), or
 * within the element between two points given as fractions of its bounds ({@code from_ratio}, {@code to_ratio}),
 * pointer input (operator profile). The protocol drags between fenced coordinate targets only (the reference's
 * {@code drag requires a fenced coordinate target}), so an element drag is planned as the coordinate drag between
 * the two elements' centres ({@link ElementTargets#dragBetween}) or the two points ({@link ElementTargets#dragWithin}).
 */
final class DragTool extends InputTool {

    private final ElementTargets targets;

    DragTool(SignedActions actions, ElementTargets targets, AuditLog audit) {
        super(actions, targets, audit);
        this.targets = targets;
    }

    @Override
    public String name() {
        return "drag";
    }

    @Override
    String pointKind() {
        return "drag";
    }

    @Override
    ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId) {
        throw new IllegalStateException("an element drag is planned at the elements' centres (planOn)");
    }

    @Override
    ElementPlan planOn(
            Map<String, Object> args, ElementTargets.Target target, String operationId, ToolHost.CallContext context) {
        double[] fromRatio = ToolArguments.ratioArgument(args, "from_ratio");
        double[] toRatio = ToolArguments.ratioArgument(args, "to_ratio");
        if (fromRatio != null || toRatio != null) {
            if (fromRatio == null || toRatio == null || args.get("to_selector") != null || args.get("to_tag") != null) {
                throw new ToolArguments.InvalidArgument(
                        "a drag within the element takes from_ratio and to_ratio, and no to_selector or to_tag");
            }
            return new ElementPlan(
                    "drag",
                    targets.dragWithin(
                            target.observed(), target.element(), fromRatio, toRatio, fields(args, "button"), context));
        }
        String toTag = targets.second(args, target)
                .orElseThrow(() -> new ToolArguments.InvalidArgument(
                        "the drag's destination is not an on-screen element of the same window"));
        SemanticElement to = target.observed().observation().elements().stream()
                .filter(e -> e.tag().equals(toTag))
                .findFirst()
                .orElseThrow(
                        () -> new ToolArguments.InvalidArgument("the drag's destination is not in the observation"));
        return new ElementPlan(
                "drag", targets.dragBetween(target.observed(), target.element(), to, fields(args, "button"), context));
    }
}

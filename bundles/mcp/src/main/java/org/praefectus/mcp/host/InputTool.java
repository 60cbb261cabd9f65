package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;

/**
 * What the input tools ({@code click}, {@code type_text}, {@code paste_text}, {@code hotkey}, {@code press},
 * {@code scroll}, {@code drag}, {@code move_mouse}) share: the element named by a selector or a tag
 * ({@link ElementTargets}) or, for {@code click}, {@code move_mouse}, {@code drag} and {@code scroll}, screen points
 * ({@link PointAction}; a scroll's through the desktop service), an action planned on it by the tool, and the one signed path
 * ({@link SignedActions}: profile, ledger, confirmation, re-fence, sign, engine). The result is {@code act}'s,
 * with the action chosen and the element acted on.
 */
abstract class InputTool implements Tool {

    private final SignedActions actions;
    private final ElementTargets targets;
    private final AuditLog audit;

    InputTool(SignedActions actions, ElementTargets targets, AuditLog audit) {
        this.actions = actions;
        this.targets = targets;
        this.audit = audit;
    }

    /** The pointer action this tool performs at screen points, or {@code null} when it takes elements only. */
    String pointKind() {
        return null;
    }

    /** The {@link #pointKind} action at the call's screen points: fenced coordinate targets ({@link PointAction}). */
    SignedActions.Plan planAtPoints(Map<String, Object> args, ToolHost.CallContext context) {
        return targets.atPoints(pointKind(), args, context);
    }

    /** The action on the resolved element (its kind may depend on the element: a button is invoked). */
    abstract ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId);

    /** What is signed for the resolved element, and the action kind the result names. */
    record ElementPlan(String kind, SignedActions.Plan plan) {}

    /** {@link #plan}'s action, fenced against the element's observation. */
    ElementPlan planOn(
            Map<String, Object> args, ElementTargets.Target target, String operationId, ToolHost.CallContext context) {
        ActionArguments action = plan(args, target, operationId);
        return new ElementPlan(
                action.kind(),
                SignedActions.Plan.of(new SignedActions.Planned(action, target.observed(), target.sessionCurrent())));
    }

    @Override
    public final ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        boolean atPoints = pointKind() != null && PointAction.named(args);
        if (atPoints == ElementTargets.named(args)) {
            throw new ToolArguments.InvalidArgument(name()
                    + (pointKind() == null
                            ? " needs a selector, or a tag from find_elements"
                            : " needs one of: a selector, a tag from find_elements, screen points"));
        }
        String operationId = ToolArguments.operationId(args);
        if (atPoints) {
            ToolResult result = actions.run(
                    name(),
                    operationId,
                    ToolArguments.fingerprint(name(), args),
                    () -> planAtPoints(args, context),
                    context);
            if (!result.structured().containsKey("operation_id")) {
                return result;
            }
            Map<String, Object> body = new LinkedHashMap<>(result.structured());
            body.put("action", pointKind());
            Map<String, Object> point = new LinkedHashMap<>();
            point.put("x", args.get(pointKind().equals("drag") ? "from_x" : "x"));
            point.put("y", args.get(pointKind().equals("drag") ? "from_y" : "y"));
            body.put("point", point);
            return new ToolResult(result.error(), body, result.pngBase64());
        }
        ElementTargets.Target[] acted = new ElementTargets.Target[1];
        String[] kind = new String[1];
        ToolResult result = actions.run(
                name(),
                operationId,
                ToolArguments.fingerprint(name(), args),
                () -> {
                    ElementTargets.Resolution resolution = targets.resolve(args, context);
                    if (resolution.refusal() != null) {
                        Object error = resolution.refusal().structured().get("error");
                        audit.record(AuditIds.line(
                                AuditLine.ACTION,
                                name(),
                                "refused",
                                error instanceof Map<?, ?> e ? String.valueOf(e.get("code")) : "unresolved",
                                Map.of()));
                        return SignedActions.Plan.refused(resolution.refusal());
                    }
                    acted[0] = resolution.target();
                    ElementPlan planned = planOn(args, resolution.target(), operationId, context);
                    kind[0] = planned.kind();
                    return planned.plan();
                },
                context);
        if (acted[0] == null || !result.structured().containsKey("operation_id")) {
            return result;
        }
        Map<String, Object> body = new LinkedHashMap<>(result.structured());
        body.put("action", kind[0]);
        Map<String, Object> element = new LinkedHashMap<>();
        element.put("tag", acted[0].tag());
        element.put("observation_id", acted[0].observed().observation().observationId());
        element.put("role", acted[0].element().role());
        element.put("name", acted[0].element().name());
        body.put("element", element);
        return new ToolResult(result.error(), body, result.pngBase64());
    }

    /** The action's own fields, under {@code act}'s names, copied from the call when present. */
    static Map<String, Object> fields(Map<String, Object> args, String... names) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (String name : names) {
            if (args.get(name) != null) {
                fields.put(name, args.get(name));
            }
        }
        return fields;
    }
}

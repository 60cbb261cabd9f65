package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.host.AuditLog;

/**
 * {@code type_text}: into an editable text the text is inserted at its caret ({@code type_text} on the fenced
 * element, which the Linux executor performs through EditableText, verified by reading the text back); only
 * with {@code clear} does it replace the text ({@code set_value}, target-addressed and verified by the value's
 * hash). Into anything else, or with {@code press_return}, keystrokes to the fenced element (operator profile).
 */
final class TypeTextTool extends InputTool {

    TypeTextTool(SignedActions actions, ElementTargets targets, AuditLog audit) {
        super(actions, targets, audit);
    }

    @Override
    public String name() {
        return "type_text";
    }

    @Override
    ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId) {
        if (target.element().actionability().editable()
                && ToolArguments.boolArgument(args, "clear")
                && !ToolArguments.boolArgument(args, "press_return")) {
            Object text = args.get("text");
            return ActionArguments.planned(
                    "set_value", target.tag(), text == null ? Map.of() : Map.of("value", text), operationId);
        }
        return ActionArguments.planned(
                "type_text", target.tag(), fields(args, "text", "clear", "press_return"), operationId);
    }
}

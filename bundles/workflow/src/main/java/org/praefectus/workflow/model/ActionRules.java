package org.praefectus.workflow.model;

import java.util.Objects;
import java.util.stream.Stream;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;

/** PeekabooX's per-action rules: what each action needs to know where and what to act on. */
final class ActionRules {

    private ActionRules() {}

    static void check(String action, WorkflowStep step, int index) throws WorkflowValidationException {
        switch (action) {
            case "find_element" -> {
                if (step.selector() == null || step.selector().isEmpty()) {
                    throw new WorkflowValidationException(index, "selector", "find_element requires selector");
                }
            }
            case "click" -> click(step, index);
            case "move_mouse" -> move(step, index);
            case "drag" -> drag(step, index);
            case "type_text", "paste_text", "hotkey" -> {
                if (step.value() == null) {
                    throw new WorkflowValidationException(index, "value", action + " requires value");
                }
                if (action.equals("hotkey") && HotkeyChord.keys(step.value()).isEmpty()) {
                    throw new WorkflowValidationException(index, "value", "hotkey requires at least one key");
                }
            }
            default -> {
                // observe, capture_screen, list_windows, get_desktop_state need nothing more
            }
        }
    }

    private static void click(WorkflowStep step, int index) throws WorkflowValidationException {
        pair(index, "x", step.x(), "y", step.y(), "click x/y target is incomplete");
        boolean scoped = Stream.of(
                        step.region(),
                        step.ratioX(),
                        step.ratioY(),
                        step.windowId(),
                        step.app(),
                        step.windowTitle(),
                        step.titleRegex())
                .anyMatch(Objects::nonNull);
        if (step.selector() == null && step.x() == null && !scoped) {
            throw new WorkflowValidationException(index, null, "click requires selector, x/y coordinates, or a scope");
        }
    }

    private static void move(WorkflowStep step, int index) throws WorkflowValidationException {
        pair(index, "x", step.x(), "y", step.y(), "move_mouse x/y target is incomplete");
        pair(
                index,
                "relative_x",
                step.relativeX(),
                "relative_y",
                step.relativeY(),
                "move_mouse relative target is incomplete");
        pair(index, "ratio_x", step.ratioX(), "ratio_y", step.ratioY(), "move_mouse ratio target is incomplete");
    }

    private static void drag(WorkflowStep step, int index) throws WorkflowValidationException {
        boolean absolute =
                Stream.of(step.fromX(), step.fromY(), step.toX(), step.toY()).anyMatch(Objects::nonNull);
        if (absolute
                && Stream.of(step.fromX(), step.fromY(), step.toX(), step.toY()).anyMatch(Objects::isNull)) {
            throw new WorkflowValidationException(index, null, "drag absolute target is incomplete");
        }
        pair(
                index,
                "from_ratio_x",
                step.fromRatioX(),
                "from_ratio_y",
                step.fromRatioY(),
                "drag from_ratio target is incomplete");
        pair(index, "to_ratio_x", step.toRatioX(), "to_ratio_y", step.toRatioY(), "drag to_ratio target is incomplete");
        boolean ratios = step.fromRatioX() != null && step.toRatioX() != null;
        boolean fromCurrent = Boolean.TRUE.equals(step.fromCurrent());
        if (!absolute && !fromCurrent && !ratios) {
            throw new WorkflowValidationException(
                    index, null, "drag requires absolute points, from_current, or ratios");
        }
    }

    /** Both of a pair, or neither; the missing one is named. */
    private static void pair(int index, String first, Object a, String second, Object b, String problem)
            throws WorkflowValidationException {
        if ((a == null) != (b == null)) {
            throw new WorkflowValidationException(index, a == null ? first : second, problem);
        }
    }
}

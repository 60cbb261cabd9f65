package org.praefectus.workflow.model;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;

/**
 * What a valid step is: PeekabooX's field names and types, its actions (with their aliases) and its per-action
 * rules, plus the values this runtime honours for the backend and policy options. A rule broken names the step
 * and the field.
 */
public final class StepRules {

    /** The JSON type a field holds. */
    public enum Kind {
        STRING,
        INTEGER,
        NUMBER,
        BOOLEAN
    }

    /** Every field a step may have, with its type. */
    public static final Map<String, Kind> FIELDS = fields();

    /** Every action, mapped to its canonical name. */
    public static final Map<String, String> ACTIONS = Map.ofEntries(
            Map.entry("observe", "observe"),
            Map.entry("capture", "capture_screen"),
            Map.entry("capture_screen", "capture_screen"),
            Map.entry("find_element", "find_element"),
            Map.entry("click", "click"),
            Map.entry("move", "move_mouse"),
            Map.entry("move_mouse", "move_mouse"),
            Map.entry("drag", "drag"),
            Map.entry("type", "type_text"),
            Map.entry("type_text", "type_text"),
            Map.entry("paste", "paste_text"),
            Map.entry("paste_text", "paste_text"),
            Map.entry("hotkey", "hotkey"),
            Map.entry("list_windows", "list_windows"),
            Map.entry("get_desktop_state", "get_desktop_state"));

    /** The canonical actions that have an effect on the desktop (each a signed operation). */
    public static final Set<String> INPUT_ACTIONS =
            Set.of("click", "move_mouse", "drag", "type_text", "paste_text", "hotkey");

    private static final Set<String> BUTTONS = Set.of("left", "right", "middle");
    private static final Set<String> BOUNDS_POLICIES = Set.of("allow", "clamp", "fail", "fail-out-of-bounds");
    private static final Set<String> POINTER_BACKENDS = Set.of("auto", "uinput", "ydotool", "xdotool");
    private static final Set<String> TEXT_BACKENDS = Set.of("auto", "wtype", "ydotool", "xdotool");
    private static final Set<String> WINDOW_BACKENDS = Set.of("auto", "at-spi", "x11");
    private static final Set<String> CLIPBOARD_BACKENDS = Set.of("auto", "wl-copy", "xclip", "xsel");
    private static final Set<String> HOTKEY_BACKENDS = Set.of("auto", "ydotool", "xdotool");
    private static final Set<String> RESTORE_POLICIES = Set.of("strict", "best-effort", "off");

    private StepRules() {}

    private static Map<String, Kind> fields() {
        Map<String, Kind> fields = Stream.of(
                        "action",
                        "selector",
                        "value",
                        "button",
                        "region",
                        "window_id",
                        "app",
                        "window_title",
                        "title_regex",
                        "bounds_policy",
                        "backend",
                        "clipboard_backend",
                        "hotkey_backend",
                        "restore_policy",
                        "verify_selector")
                .collect(Collectors.toMap(Function.identity(), name -> Kind.STRING));
        Stream.of(
                        "x",
                        "y",
                        "from_x",
                        "from_y",
                        "to_x",
                        "to_y",
                        "duration_ms",
                        "relative_x",
                        "relative_y",
                        "steps",
                        "typing_speed_chars_per_second",
                        "delay_ms",
                        "key_delay_ms",
                        "repeat",
                        "interval_ms",
                        "restore_delay_ms",
                        "retries")
                .forEach(name -> fields.put(name, Kind.INTEGER));
        Stream.of("from_ratio_x", "from_ratio_y", "to_ratio_x", "to_ratio_y", "ratio_x", "ratio_y")
                .forEach(name -> fields.put(name, Kind.NUMBER));
        Stream.of(
                        "from_current",
                        "release_before",
                        "release_after",
                        "preserve_clipboard",
                        "restore",
                        "dry_run",
                        "vision_fallback",
                        "verify")
                .forEach(name -> fields.put(name, Kind.BOOLEAN));
        return Map.copyOf(fields);
    }

    /** The canonical name of an action (trimmed, any case), or {@code null} when there is no such action. */
    public static String canonical(String action) {
        return action == null ? null : ACTIONS.get(action.strip().toLowerCase(Locale.ROOT));
    }

    /** Checks one step against PeekabooX's rules and this runtime's option values. */
    public static void check(WorkflowStep step, int index) throws WorkflowValidationException {
        String action = canonical(step.action());
        if (step.action() == null || step.action().isBlank()) {
            throw new WorkflowValidationException(index, "action", "must be a non-empty string");
        }
        if (action == null) {
            throw new WorkflowValidationException(
                    index,
                    "action",
                    "'" + step.action() + "' is not supported (one of " + new java.util.TreeSet<>(ACTIONS.keySet())
                            + ")");
        }
        ratio(index, "from_ratio_x", step.fromRatioX());
        ratio(index, "from_ratio_y", step.fromRatioY());
        ratio(index, "to_ratio_x", step.toRatioX());
        ratio(index, "to_ratio_y", step.toRatioY());
        ratio(index, "ratio_x", step.ratioX());
        ratio(index, "ratio_y", step.ratioY());
        atLeast(index, "duration_ms", step.durationMs(), 0);
        atLeast(index, "delay_ms", step.delayMs(), 0);
        atLeast(index, "key_delay_ms", step.keyDelayMs(), 0);
        atLeast(index, "interval_ms", step.intervalMs(), 0);
        atLeast(index, "restore_delay_ms", step.restoreDelayMs(), 0);
        atLeast(index, "retries", step.retries(), 0);
        atLeast(index, "steps", step.steps(), 1);
        atLeast(index, "typing_speed_chars_per_second", step.typingSpeedCharsPerSecond(), 1);
        atLeast(index, "repeat", step.repeat(), 1);
        selector(index, "selector", step.selector());
        selector(index, "verify_selector", step.verifySelector());
        oneOf(index, "button", step.button(), BUTTONS);
        oneOf(index, "bounds_policy", step.boundsPolicy(), BOUNDS_POLICIES);
        oneOf(index, "clipboard_backend", step.clipboardBackend(), CLIPBOARD_BACKENDS);
        oneOf(index, "hotkey_backend", step.hotkeyBackend(), HOTKEY_BACKENDS);
        oneOf(index, "restore_policy", step.restorePolicy(), RESTORE_POLICIES);
        oneOf(index, "backend", step.backend(), backends(action));
        if (step.region() != null) {
            StepGeometry.region(step.region(), index);
        }
        if (step.titleRegex() != null) {
            try {
                java.util.regex.Pattern.compile(step.titleRegex());
            } catch (java.util.regex.PatternSyntaxException e) {
                throw new WorkflowValidationException(index, "title_regex", "is not a valid regular expression");
            }
        }
        ActionRules.check(action, step, index);
    }

    private static Set<String> backends(String action) {
        return switch (action) {
            case "type_text", "paste_text", "hotkey" -> TEXT_BACKENDS;
            case "list_windows", "get_desktop_state", "observe", "find_element" -> WINDOW_BACKENDS;
            default -> POINTER_BACKENDS;
        };
    }

    private static void ratio(int index, String field, Double value) throws WorkflowValidationException {
        if (value != null && !(value >= 0.0 && value <= 1.0)) {
            throw new WorkflowValidationException(index, field, "must be between 0.0 and 1.0");
        }
    }

    private static void atLeast(int index, String field, Long value, long minimum) throws WorkflowValidationException {
        if (value != null && value < minimum) {
            throw new WorkflowValidationException(
                    index, field, minimum == 0 ? "must be non-negative" : "must be positive");
        }
    }

    private static void oneOf(int index, String field, String value, Set<String> allowed)
            throws WorkflowValidationException {
        if (value != null && !allowed.contains(value)) {
            throw new WorkflowValidationException(
                    index, field, "must be one of " + allowed.stream().sorted().toList());
        }
    }

    private static void selector(int index, String field, String value) throws WorkflowValidationException {
        if (value == null) {
            return;
        }
        try {
            Selector.parse(value);
        } catch (SelectorException e) {
            // the message names the selector's problem, never its text
            throw new WorkflowValidationException(index, field, e.getMessage());
        }
    }
}

package org.praefectus.mcp.host;

import java.util.Locale;
import java.util.Set;

/**
 * Which tools may run at all (PeekabooX's profile names). A tool outside the profile is refused before
 * anything is observed, confirmed or signed.
 * <ul>
 * <li>{@code observe}: read-only tools (capabilities, surfaces, observe, status, capture, vision, plugin list,
 * list_windows, find_elements, doctor, preflight, capture_backends, desktop_profiles, desktop_focus,
 * desktop_locate, desktop_assert, wait_for, read_text)</li>
 * <li>{@code plan}: the same read-only tools; planning happens in the client, so nothing more is exposed</li>
 * <li>{@code assist}: also {@code act}, {@code click} and {@code type_text} (and their profile forms
 * {@code desktop_click}, {@code desktop_type_into}) with target-addressed semantic actions
 * ({@code invoke}, {@code set_value}, a browser page's {@code handle_dialog}): a click or typing that would be pointer or keyboard input is refused</li>
 * <li>{@code operator}: also input synthesis (click, type_text, press, hotkey, scroll, drag, desktop_drag,
 * paste_text, move_mouse), the window tools (focus_window, minimize_window, close_window, and desktop_focus's
 * signed focus of a window that is not active), the application tools (launch_app, switch_app, quit_app, open) and
 * plugin execution</li>
 * </ul>
 */
public enum CapabilityProfile {
    OBSERVE,
    PLAN,
    ASSIST,
    OPERATOR;

    private static final Set<String> READ_ONLY = Set.of(
            "capabilities",
            "surfaces",
            "observe",
            "status",
            "capture_screen",
            "capture_delta",
            "ocr",
            "compare_images",
            "detect_ui_state",
            "detect_ui_elements",
            "ocr_image",
            "ocr_screen",
            "vision_elements",
            "list_plugins",
            "list_windows",
            "get_desktop_state",
            "doctor",
            "capture_backends",
            "preflight",
            "desktop_profiles",
            "desktop_focus",
            "desktop_locate",
            "desktop_assert",
            "find_elements",
            "find_element",
            "elements",
            "wait_for",
            "read_text");
    /** Input tools that plan a semantic action where the element has one (a button invoked, a text set). */
    private static final Set<String> SEMANTIC_INPUT_TOOLS =
            Set.of("click", "type_text", "desktop_click", "desktop_type_into");
    /** Input tools that are only pointer or keyboard input. */
    private static final Set<String> INPUT_TOOLS = Set.of(
            "paste_text",
            "hotkey",
            "press",
            "scroll",
            "drag",
            "move_mouse",
            "desktop_drag",
            "focus_window",
            "minimize_window",
            "close_window",
            "launch_app",
            "switch_app",
            "quit_app",
            "open");

    /**
     * Target-addressed semantic actions: an element invoked, a value set, a page's dialog answered, a page's file input
     * given files (its set_value, from the folder the host chose for uploads).
     */
    private static final Set<String> SEMANTIC_ACTIONS = Set.of("invoke", "set_value", "handle_dialog", "upload");

    /** Parses a profile name, case-insensitively. */
    public static CapabilityProfile parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown capability profile (observe, plan, assist, operator)");
        }
    }

    /** The wire name. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the tool may run under this profile at all. */
    public boolean allowsTool(String tool) {
        if (READ_ONLY.contains(tool)) {
            return true;
        }
        if (SEMANTIC_INPUT_TOOLS.contains(tool)) {
            return this == ASSIST || this == OPERATOR;
        }
        if (INPUT_TOOLS.contains(tool)) {
            return this == OPERATOR;
        }
        return switch (tool) {
            case "act" -> this == ASSIST || this == OPERATOR;
            case "call_plugin_tool" -> this == OPERATOR;
            default -> false;
        };
    }

    /** Whether {@code act} may perform this action kind under this profile. */
    public boolean allowsAction(String actionKind) {
        return switch (this) {
            case OBSERVE, PLAN -> false;
            case ASSIST -> SEMANTIC_ACTIONS.contains(actionKind);
            case OPERATOR -> true;
        };
    }
}

package org.praefectus.mcp.host;

import java.util.Locale;
import java.util.Set;

/**
 * Which tools may run at all (PeekabooX's profile names). A tool outside the profile is refused before
 * anything is observed, confirmed or signed.
 * <ul>
 * <li>{@code observe}: read-only tools (capabilities, surfaces, observe, status, capture, vision, plugin list,
 * list_windows, find_elements, doctor, preflight, capture_backends, desktop_profiles, desktop_focus,
 * desktop_locate, desktop_assert, wait_for, read_text, and the workflow tools that run nothing: load_workflow_file,
 * list_workflow_templates, workflow_template_info)</li>
 * <li>{@code plan}: the same read-only tools; planning happens in the client, so nothing more is exposed</li>
 * <li>{@code assist}: also {@code act}, {@code click} and {@code type_text} (and their profile forms
 * {@code desktop_click}, {@code desktop_type_into}) and PeekabooX's {@code workflow_execute} ({@code execute_workflow},
 * {@code execute_workflow_file}) with target-addressed semantic actions
 * ({@code invoke}, {@code set_value}, a browser page's {@code handle_dialog}): a click or typing that would be pointer or keyboard input is refused</li>
 * <li>{@code operator}: also input synthesis (click, type_text, press, hotkey, scroll, drag, desktop_drag,
 * paste_text, move_mouse), the window tools (focus_window, minimize_window, close_window, and desktop_focus's
 * signed focus of a window that is not active), the application tools (launch_app, switch_app, quit_app, open),
 * plugin execution and PeekabooX's {@code workflow_record} (the four recording tools)</li>
 * </ul>
 * The desktop graph's tools are gated by PeekabooX's capabilities: {@code memory_read} (every profile:
 * latest_desktop_snapshot, desktop_graph_status, query_desktop_graph, query_desktop_edges) and {@code memory_write}
 * (plan, assist and operator: ingest_desktop_snapshot, record_desktop_event, refresh_desktop_graph, and
 * query_desktop_graph's refresh_if_stale), and the drafting tools by {@code workflow_generate} (plan, assist and
 * operator: plan_workflow, generate_workflow, save_generated_workflow, refine_workflow, replan_workflow). The audit
 * read-back tools (capability_audit, confirmation_audit) are read-only.
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
            "read_text",
            "load_workflow_file",
            "list_workflow_templates",
            "workflow_template_info",
            "capability_audit",
            "confirmation_audit",
            "find",
            "screenshot");
    /**
     * PeekabooX's {@code workflow_execute} capability (assist and operator): a run whose every step's effect is then
     * checked against {@link #allowsAction} like any other action of this host.
     */
    private static final Set<String> WORKFLOW_EXECUTE_TOOLS = Set.of("execute_workflow", "execute_workflow_file");
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
     * Target-addressed semantic actions: an element invoked, a value set, an item selected, a page's dialog answered, a page's file input
     * given files (its set_value, from the folder the host chose for uploads).
     */
    private static final Set<String> SEMANTIC_ACTIONS =
            Set.of("invoke", "set_value", "select", "handle_dialog", "upload");

    /** PeekabooX's capability that reads the desktop graph memory. */
    public static final String MEMORY_READ = "memory_read";
    /** PeekabooX's capability that writes it. */
    public static final String MEMORY_WRITE = "memory_write";
    /** PeekabooX's capability that drafts workflows (plan, assist, operator); a draft is never run by drafting it. */
    public static final String WORKFLOW_GENERATE = "workflow_generate";

    private static final Set<String> MEMORY_READ_TOOLS =
            Set.of("latest_desktop_snapshot", "desktop_graph_status", "query_desktop_graph", "query_desktop_edges");
    private static final Set<String> MEMORY_WRITE_TOOLS =
            Set.of("ingest_desktop_snapshot", "record_desktop_event", "refresh_desktop_graph");
    private static final Set<String> WORKFLOW_GENERATE_TOOLS = Set.of(
            "plan_workflow",
            "generate_workflow",
            "save_generated_workflow",
            "refine_workflow",
            "save_refined_workflow",
            "replan_workflow");

    /**
     * The PeekabooX capability that gates {@code tool} ({@link #MEMORY_READ}, {@link #MEMORY_WRITE},
     * {@link #WORKFLOW_GENERATE}), or {@code null} for a tool gated by its own rule; each check of one is audited.
     */
    public static String capabilityOf(String tool) {
        if (MEMORY_READ_TOOLS.contains(tool)) {
            return MEMORY_READ;
        }
        if (MEMORY_WRITE_TOOLS.contains(tool)) {
            return MEMORY_WRITE;
        }
        return WORKFLOW_GENERATE_TOOLS.contains(tool) ? WORKFLOW_GENERATE : null;
    }

    /**
     * Whether this profile holds a PeekabooX capability ({@link #MEMORY_READ}, {@link #MEMORY_WRITE},
     * {@link #WORKFLOW_GENERATE}).
     */
    public boolean allowsCapability(String capability) {
        return switch (capability) {
            case MEMORY_READ -> true;
            case MEMORY_WRITE, WORKFLOW_GENERATE -> this != OBSERVE;
            default -> false;
        };
    }

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
        String capability = capabilityOf(tool);
        if (capability != null) {
            return allowsCapability(capability);
        }
        if (SEMANTIC_INPUT_TOOLS.contains(tool) || WORKFLOW_EXECUTE_TOOLS.contains(tool)) {
            return this == ASSIST || this == OPERATOR;
        }
        if (INPUT_TOOLS.contains(tool)) {
            return this == OPERATOR;
        }
        return switch (tool) {
            // a browser form's fields, each act's set_value or type_text (allowsAction)
            case "act", "fill_form" -> this == ASSIST || this == OPERATOR;
            // a browser page's back: act's open, which only the operator profile allows
            case "navigate_back" -> this == OPERATOR;
            // a browser's tabs: listed in every profile; select and close are window actions (allowsAction)
            case "tabs" -> true;
            case "call_plugin_tool" -> this == OPERATOR;
            // PeekabooX's workflow_record: operator only
            case "start_workflow_recording",
                    "stop_workflow_recording",
                    "get_recorded_workflow",
                    "save_recorded_workflow" -> this == OPERATOR;
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

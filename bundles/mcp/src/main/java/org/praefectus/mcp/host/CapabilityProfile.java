package org.praefectus.mcp.host;

import java.util.Locale;
import java.util.Set;

/**
 * Which tools may run at all (PeekabooX's profile names). A tool outside the profile is refused before
 * anything is observed, confirmed or signed.
 * <ul>
 * <li>{@code observe}: read-only tools (capabilities, surfaces, observe, status, capture, vision, plugin list)</li>
 * <li>{@code plan}: the same read-only tools; planning happens in the client, so nothing more is exposed</li>
 * <li>{@code assist}: also {@code act} with target-addressed semantic actions ({@code invoke}, {@code set_value})</li>
 * <li>{@code operator}: also input synthesis (click, type_text, press, hotkey, scroll, drag) and plugin execution</li>
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
            "ocr",
            "compare_images",
            "detect_ui_state",
            "detect_ui_elements",
            "list_plugins");
    private static final Set<String> SEMANTIC_ACTIONS = Set.of("invoke", "set_value");

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

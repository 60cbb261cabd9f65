package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.host.Capability;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.HostPolicy;
import org.praefectus.api.host.PolicyDecision;
import org.praefectus.api.host.RuntimeCapabilities;

/**
 * MCP's tool vocabulary on the host kit's one policy ({@link HostPolicy}): which PeekabooX capability gates a tool,
 * or which action kind a tool that is only input would sign. A tool the policy refuses is refused before anything
 * is observed, confirmed or signed.
 * <ul>
 * <li>read-only tools (capabilities, surfaces, observe, status, capture, vision, plugin list, list_windows,
 * find_elements, doctor, preflight, capture_backends, desktop_profiles, desktop_focus, desktop_locate, desktop_assert,
 * wait_for, read_text, the audit read-back tools, and the workflow tools that run nothing): every profile;</li>
 * <li>PeekabooX's capabilities, by the host kit's one table ({@link RuntimeCapabilities}, the socket's too):
 * {@code memory_read} (the graph's reads), {@code memory_write} (its writes, and query_desktop_graph's
 * refresh_if_stale), {@code workflow_generate} (plan and the drafting tools), {@code workflow_execute} (execute_goal,
 * execute_workflow, execute_workflow_file; each step's action is then decided like any other), {@code
 * workflow_record} (the four recording tools) and {@code plugin_execute} (call_plugin_tool): as the profile holds
 * them;</li>
 * <li>the tools that sign what they plan ({@code act}, {@code fill_form}, {@code click}, {@code type_text},
 * {@code desktop_click}, {@code desktop_type_into}): every profile that signs actions, and then the policy's decision
 * on the action kind they plan (under {@code assist}, a semantic action: an element invoked, a text set);</li>
 * <li>the tools that are only input (paste_text, hotkey, press, scroll, drag, desktop_drag, move_mouse, the window and
 * application tools, open, navigate_back): the policy's decision on the action kind they sign.</li>
 * </ul>
 * The MCP server has no input gate of its own (input is the operator profile's), and its plugin gate is its trusted
 * plugin directories: {@link #policy}.
 */
final class ToolCapabilities {

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
            "preflight_audit",
            "find",
            "screenshot",
            // a browser's tabs: listed in every profile; select and close are window actions (decided per action)
            "tabs");

    /** Tools that plan an action and sign it after the policy's decision on its kind. */
    private static final Set<String> SIGNING_TOOLS =
            Set.of("act", "fill_form", "click", "type_text", "desktop_click", "desktop_type_into");

    /** Tools that are only input, by the action kind they sign. */
    private static final Map<String, String> INPUT_TOOLS = Map.ofEntries(
            Map.entry("paste_text", "paste"),
            Map.entry("hotkey", "hotkey"),
            Map.entry("press", "press"),
            Map.entry("scroll", "scroll"),
            Map.entry("drag", "drag"),
            Map.entry("desktop_drag", "drag"),
            Map.entry("move_mouse", "move"),
            Map.entry("focus_window", "window"),
            Map.entry("minimize_window", "window"),
            Map.entry("close_window", "window"),
            Map.entry("launch_app", "application"),
            Map.entry("switch_app", "application"),
            Map.entry("quit_app", "application"),
            Map.entry("open", "open"),
            // a browser page's back: act's open of the previous URL
            Map.entry("navigate_back", "open"));

    private ToolCapabilities() {}

    /**
     * The MCP server's policy under {@code profile}: no input gate (pointer and keyboard input are the operator
     * profile's), and the plugin gate open (its trusted plugin directories decide which plugins exist at all).
     */
    static HostPolicy policy(CapabilityProfile profile) {
        return new HostPolicy(profile, false, true);
    }

    /** The PeekabooX capability that gates {@code tool}; each check of one is audited. */
    static Optional<Capability> capabilityOf(String tool) {
        return RuntimeCapabilities.of(tool);
    }

    /** Whether {@code tool} may run at all under {@code policy}. */
    static PolicyDecision decide(HostPolicy policy, String tool) {
        if (READ_ONLY.contains(tool)) {
            return PolicyDecision.ALLOWED;
        }
        Capability capability = RuntimeCapabilities.of(tool).orElse(null);
        if (capability != null) {
            return policy.capability(capability);
        }
        if (SIGNING_TOOLS.contains(tool)) {
            return policy.signsActions()
                    ? PolicyDecision.ALLOWED
                    : PolicyDecision.refused(
                            HostPolicy.PROFILE_DENIED,
                            "the capability profile " + policy.profile().wireName() + " signs no action");
        }
        String kind = INPUT_TOOLS.get(tool);
        if (kind != null) {
            return policy.actionKind(kind);
        }
        return PolicyDecision.refused(HostPolicy.PROFILE_DENIED, "no profile allows an unknown tool");
    }

    /** Whether {@code tool} may run under {@code profile} on this server. */
    static boolean allows(CapabilityProfile profile, String tool) {
        return decide(policy(profile), tool).allowed();
    }
}

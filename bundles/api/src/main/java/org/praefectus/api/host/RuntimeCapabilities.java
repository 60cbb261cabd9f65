package org.praefectus.api.host;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * PeekabooX's agent-runtime tools by the {@link Capability} that gates each (its {@code AgentRuntime} checks that
 * capability first): the one table every surface looks its tools or methods of the same names up in, so MCP and the
 * daemon socket cannot disagree. A name not here is gated by no capability of its own (a read-only tool such as
 * {@code load_workflow_file} or {@code preflight_audit}, or an input tool a surface decides by its action kind).
 */
public final class RuntimeCapabilities {

    private static final Map<String, Capability> OF_TOOL = Map.ofEntries(
            Map.entry("latest_desktop_snapshot", Capability.MEMORY_READ),
            Map.entry("desktop_graph_status", Capability.MEMORY_READ),
            Map.entry("query_desktop_graph", Capability.MEMORY_READ),
            Map.entry("query_desktop_edges", Capability.MEMORY_READ),
            Map.entry("ingest_desktop_snapshot", Capability.MEMORY_WRITE),
            Map.entry("record_desktop_event", Capability.MEMORY_WRITE),
            Map.entry("refresh_desktop_graph", Capability.MEMORY_WRITE),
            Map.entry("plan", Capability.WORKFLOW_GENERATE),
            Map.entry("plan_workflow", Capability.WORKFLOW_GENERATE),
            Map.entry("generate_workflow", Capability.WORKFLOW_GENERATE),
            Map.entry("save_generated_workflow", Capability.WORKFLOW_GENERATE),
            Map.entry("refine_workflow", Capability.WORKFLOW_GENERATE),
            Map.entry("save_refined_workflow", Capability.WORKFLOW_GENERATE),
            Map.entry("replan_workflow", Capability.WORKFLOW_GENERATE),
            Map.entry("execute_goal", Capability.WORKFLOW_EXECUTE),
            Map.entry("execute_workflow", Capability.WORKFLOW_EXECUTE),
            Map.entry("execute_workflow_file", Capability.WORKFLOW_EXECUTE),
            Map.entry("start_workflow_recording", Capability.WORKFLOW_RECORD),
            Map.entry("stop_workflow_recording", Capability.WORKFLOW_RECORD),
            Map.entry("get_recorded_workflow", Capability.WORKFLOW_RECORD),
            Map.entry("save_recorded_workflow", Capability.WORKFLOW_RECORD),
            Map.entry("call_plugin_tool", Capability.PLUGIN_EXECUTE));

    private RuntimeCapabilities() {}

    /** The capability that gates the PeekabooX tool (or the socket method) {@code name}, if one does. */
    public static Optional<Capability> of(String name) {
        return Optional.ofNullable(name == null ? null : OF_TOOL.get(name));
    }

    /** The names this table gates. */
    public static Set<String> names() {
        return OF_TOOL.keySet();
    }
}

package org.praefectus.daemon.ipc;

import java.util.LinkedHashMap;
import java.util.Map;
import org.praefectus.api.host.Capability;
import org.praefectus.api.host.PolicyDecision;
import org.praefectus.daemon.host.Gates;

/**
 * PeekabooX's capabilities of the socket's workflow, drafting, recording and desktop graph methods (by PeekabooX's
 * tool of the same name), decided by the host kit's one policy ({@link org.praefectus.api.host.HostPolicy}): the
 * socket's vocabulary mapped onto it, as MCP maps its tools. The daemon's {@link Gates} still check every effect a
 * run signs, step by step.
 */
final class SocketCapabilities {

    /** Each method's capability. */
    static final Map<String, Capability> OF_METHOD = methods();

    private SocketCapabilities() {}

    private static Map<String, Capability> methods() {
        Map<String, Capability> methods = new LinkedHashMap<>();
        for (String method : new String[] {
            "load_workflow_file",
            "latest_desktop_snapshot",
            "desktop_graph_status",
            "query_desktop_graph",
            "query_desktop_edges"
        }) {
            methods.put(method, Capability.MEMORY_READ);
        }
        for (String method :
                new String[] {"ingest_desktop_snapshot", "record_desktop_event", "refresh_desktop_graph"}) {
            methods.put(method, Capability.MEMORY_WRITE);
        }
        for (String method : new String[] {
            "plan_workflow",
            "generate_workflow",
            "save_generated_workflow",
            "refine_workflow",
            "save_refined_workflow",
            "replan_workflow"
        }) {
            methods.put(method, Capability.WORKFLOW_GENERATE);
        }
        methods.put("execute_workflow", Capability.WORKFLOW_EXECUTE);
        methods.put("execute_workflow_file", Capability.WORKFLOW_EXECUTE);
        for (String method : new String[] {
            "start_workflow_recording", "stop_workflow_recording", "get_recorded_workflow", "save_recorded_workflow"
        }) {
            methods.put(method, Capability.WORKFLOW_RECORD);
        }
        return Map.copyOf(methods);
    }

    /**
     * Refuses {@code capability} unless the daemon's policy allows it: the policy's reason ({@code profile_denied})
     * with the profile and the capability as details.
     */
    static void check(Gates gates, String method, Capability capability) throws IpcException {
        PolicyDecision decision = gates.policy().capability(capability);
        if (!decision.allowed()) {
            throw new IpcException(
                    decision.reason(),
                    method + " needs the capability " + capability.wireName() + ": " + decision.message(),
                    Map.of("profile", gates.profile().wireName(), "capability", capability.wireName()));
        }
    }
}

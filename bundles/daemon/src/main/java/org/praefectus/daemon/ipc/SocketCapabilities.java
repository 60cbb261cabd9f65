package org.praefectus.daemon.ipc;

import java.util.LinkedHashMap;
import java.util.Map;
import org.praefectus.daemon.host.Gates;

/**
 * PeekabooX's capabilities of the socket's workflow, drafting, recording and desktop graph methods, and the daemon
 * profiles that hold each ({@code capability_policy} of PeekabooX's runtime): {@code memory_read} every profile;
 * {@code memory_write} and {@code workflow_generate} plan and above; {@code workflow_execute} assist and operator;
 * {@code workflow_record} operator only. The daemon's {@link Gates} still check every effect a run signs, step by step.
 *
 * <p>This is the one place the socket maps methods to capabilities, so that the host kit's shared policy (MCP's
 * {@code CapabilityProfile} and the daemon's {@code Gates} as one) can replace it whole.
 */
final class SocketCapabilities {

    static final String MEMORY_READ = "memory_read";
    static final String MEMORY_WRITE = "memory_write";
    static final String WORKFLOW_GENERATE = "workflow_generate";
    static final String WORKFLOW_EXECUTE = "workflow_execute";
    static final String WORKFLOW_RECORD = "workflow_record";

    /** Each method's capability, by PeekabooX's tool of the same name. */
    static final Map<String, String> OF_METHOD = methods();

    private SocketCapabilities() {}

    private static Map<String, String> methods() {
        Map<String, String> methods = new LinkedHashMap<>();
        for (String method : new String[] {
            "load_workflow_file",
            "latest_desktop_snapshot",
            "desktop_graph_status",
            "query_desktop_graph",
            "query_desktop_edges"
        }) {
            methods.put(method, MEMORY_READ);
        }
        for (String method :
                new String[] {"ingest_desktop_snapshot", "record_desktop_event", "refresh_desktop_graph"}) {
            methods.put(method, MEMORY_WRITE);
        }
        for (String method : new String[] {
            "plan_workflow",
            "generate_workflow",
            "save_generated_workflow",
            "refine_workflow",
            "save_refined_workflow",
            "replan_workflow"
        }) {
            methods.put(method, WORKFLOW_GENERATE);
        }
        methods.put("execute_workflow", WORKFLOW_EXECUTE);
        methods.put("execute_workflow_file", WORKFLOW_EXECUTE);
        for (String method : new String[] {
            "start_workflow_recording", "stop_workflow_recording", "get_recorded_workflow", "save_recorded_workflow"
        }) {
            methods.put(method, WORKFLOW_RECORD);
        }
        return Map.copyOf(methods);
    }

    /** Whether {@code profile} holds {@code capability}. */
    static boolean holds(Gates.Profile profile, String capability) {
        return switch (capability) {
            case MEMORY_READ -> true;
            case MEMORY_WRITE, WORKFLOW_GENERATE -> profile != Gates.Profile.OBSERVE;
            case WORKFLOW_EXECUTE -> profile == Gates.Profile.ASSIST || profile == Gates.Profile.OPERATOR;
            case WORKFLOW_RECORD -> profile == Gates.Profile.OPERATOR;
            default -> false;
        };
    }

    /**
     * Refuses {@code capability} unless the daemon's profile holds it: {@code profile_denied} (the daemon's code for a
     * profile's refusal) with the profile and the capability as details.
     */
    static void check(Gates gates, String method, String capability) throws IpcException {
        if (!holds(gates.profile(), capability)) {
            throw new IpcException(
                    "profile_denied",
                    method + " needs the capability " + capability + ", which the daemon's profile "
                            + gates.profile().wireName() + " does not hold",
                    Map.of("profile", gates.profile().wireName(), "capability", capability));
        }
    }
}

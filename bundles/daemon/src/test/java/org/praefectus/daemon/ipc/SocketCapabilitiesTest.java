package org.praefectus.daemon.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.praefectus.daemon.host.Gates;

/** PeekabooX's capabilities of the socket's agent-runtime methods, by the daemon's profile. */
class SocketCapabilitiesTest {

    @Test
    void everyAdaptedMethodHasACapabilityAndNoOtherIsMapped() {
        Set<String> adapted = new HashSet<>();
        adapted.addAll(SocketWorkflows.METHODS);
        adapted.addAll(SocketDrafts.METHODS);
        adapted.addAll(SocketRecording.METHODS);
        adapted.addAll(SocketGraph.METHODS);
        assertEquals(adapted, SocketCapabilities.OF_METHOD.keySet());
        assertEquals(adapted, SocketAgentRuntime.METHODS);
    }

    @Test
    void eachProfileHoldsPeekabooXsCapabilities() {
        Map<Gates.Profile, List<String>> held = Map.of(
                Gates.Profile.OBSERVE,
                List.of("memory_read"),
                Gates.Profile.PLAN,
                List.of("memory_read", "memory_write", "workflow_generate"),
                Gates.Profile.ASSIST,
                List.of("memory_read", "memory_write", "workflow_generate", "workflow_execute"),
                Gates.Profile.OPERATOR,
                List.of("memory_read", "memory_write", "workflow_generate", "workflow_execute", "workflow_record"));
        for (Gates.Profile profile : Gates.Profile.values()) {
            for (String capability : Set.copyOf(SocketCapabilities.OF_METHOD.values())) {
                assertEquals(
                        held.get(profile).contains(capability),
                        SocketCapabilities.holds(profile, capability),
                        profile + " " + capability);
            }
        }
        assertFalse(SocketCapabilities.holds(Gates.Profile.OPERATOR, "plugin_execute"), "unknown: never held");
    }

    @Test
    void aRefusalNamesTheProfileAndTheCapability() {
        Gates observe = new Gates(Gates.Profile.OBSERVE, false, false);
        IpcException refused = assertThrows(
                IpcException.class,
                () -> SocketCapabilities.check(observe, "execute_workflow", SocketCapabilities.WORKFLOW_EXECUTE));
        assertEquals("profile_denied", refused.code());
        assertEquals(Map.of("profile", "observe", "capability", "workflow_execute"), refused.details());
        assertTrue(refused.getMessage().contains("execute_workflow"));
    }
}

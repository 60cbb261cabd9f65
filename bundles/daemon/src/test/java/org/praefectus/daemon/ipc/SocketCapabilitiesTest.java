package org.praefectus.daemon.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.praefectus.api.host.Capability;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.RuntimeCapabilities;
import org.praefectus.daemon.host.Gates;

/** PeekabooX's capabilities of the socket's agent-runtime methods, decided by the daemon's one policy. */
class SocketCapabilitiesTest {

    @Test
    void everyAdaptedMethodIsServedAndGatedByTheHostKitsOneTable() {
        Set<String> adapted = SocketAgentRuntime.METHODS;
        assertTrue(adapted.containsAll(SocketDrafts.METHODS) && adapted.containsAll(SocketAudit.METHODS), "served");
        Set<String> ungated = new HashSet<>();
        for (String method : adapted) {
            if (RuntimeCapabilities.of(method).isEmpty()) {
                ungated.add(method);
            }
        }
        // PeekabooX gates neither loading a file nor reading its own audit
        assertEquals(
                Set.of("load_workflow_file", "capability_audit", "confirmation_audit", "preflight_audit"), ungated);
        assertEquals(Optional.of(Capability.WORKFLOW_EXECUTE), RuntimeCapabilities.of("execute_workflow_file"));
        assertEquals(Optional.of(Capability.WORKFLOW_GENERATE), RuntimeCapabilities.of("refine_workflow"));
        assertEquals(Optional.of(Capability.MEMORY_WRITE), RuntimeCapabilities.of("refresh_desktop_graph"));
    }

    @Test
    void eachProfileHoldsPeekabooXsCapabilities() {
        Map<CapabilityProfile, List<Capability>> held = Map.of(
                CapabilityProfile.OBSERVE,
                List.of(Capability.MEMORY_READ),
                CapabilityProfile.PLAN,
                List.of(Capability.MEMORY_READ, Capability.MEMORY_WRITE, Capability.WORKFLOW_GENERATE),
                CapabilityProfile.ASSIST,
                List.of(
                        Capability.MEMORY_READ,
                        Capability.MEMORY_WRITE,
                        Capability.WORKFLOW_GENERATE,
                        Capability.WORKFLOW_EXECUTE),
                CapabilityProfile.OPERATOR,
                List.of(
                        Capability.MEMORY_READ,
                        Capability.MEMORY_WRITE,
                        Capability.WORKFLOW_GENERATE,
                        Capability.WORKFLOW_EXECUTE,
                        Capability.WORKFLOW_RECORD));
        for (CapabilityProfile profile : CapabilityProfile.values()) {
            Gates gates = new Gates(profile, false, false);
            for (Capability capability : Set.of(
                    Capability.MEMORY_READ,
                    Capability.MEMORY_WRITE,
                    Capability.WORKFLOW_GENERATE,
                    Capability.WORKFLOW_EXECUTE,
                    Capability.WORKFLOW_RECORD)) {
                boolean allowed = true;
                try {
                    SocketCapabilities.check(gates, "a_method", capability);
                } catch (IpcException refused) {
                    allowed = false;
                }
                assertEquals(held.get(profile).contains(capability), allowed, profile + " " + capability);
            }
        }
    }

    @Test
    void aRefusalNamesTheProfileAndTheCapability() {
        Gates observe = new Gates(CapabilityProfile.OBSERVE, false, false);
        IpcException refused = assertThrows(
                IpcException.class,
                () -> SocketCapabilities.check(observe, "execute_workflow", Capability.WORKFLOW_EXECUTE));
        assertEquals("profile_denied", refused.code());
        assertEquals(Map.of("profile", "observe", "capability", "workflow_execute"), refused.details());
        assertTrue(refused.getMessage().contains("execute_workflow"));
    }
}

package org.praefectus.daemon.ipc;

import java.util.Map;
import org.praefectus.api.host.Capability;
import org.praefectus.api.host.PolicyDecision;
import org.praefectus.daemon.host.Gates;

/**
 * The daemon's check of a PeekabooX capability for a socket method, decided by the host kit's one policy
 * ({@link org.praefectus.api.host.HostPolicy}); which capability gates which method is the host kit's one table
 * ({@link org.praefectus.api.host.RuntimeCapabilities}, MCP's too). The daemon's {@link Gates} still check every effect
 * a run signs, step by step.
 */
final class SocketCapabilities {

    private SocketCapabilities() {}

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

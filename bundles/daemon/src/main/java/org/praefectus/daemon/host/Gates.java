package org.praefectus.daemon.host;

import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.HostPolicy;
import org.praefectus.api.host.PolicyDecision;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.resident.HostRefusedException;

/**
 * The operator's gates, fixed when the daemon starts (PeekabooX's daemon gates): the host kit's one
 * {@link HostPolicy}, answered as the daemon's {@link HostRefusedException}. The input gate is {@code --allow-input}
 * or {@code PEEKABOOX_ALLOW_INPUT=1} (open under {@code --profile operator}); the plugin gate {@code --allow-plugins}
 * or {@code PEEKABOOX_ALLOW_PLUGINS=1} (plugins also need the operator profile). An open input gate is also the
 * operator's one opt-in to global pointer and keyboard input for this runtime: the daemon registers a
 * {@code GlobalInputOptIn} while it runs, which the engine and the executor honour ({@code GlobalInput}).
 *
 * @param policy the profile and the two gates
 */
public record Gates(HostPolicy policy) {

    /** The gates of {@code profile} with the operator's input and plugin opt-ins. */
    public Gates(CapabilityProfile profile, boolean allowInput, boolean allowPlugins) {
        this(new HostPolicy(profile, allowInput, allowPlugins));
    }

    public CapabilityProfile profile() {
        return policy.profile();
    }

    /** Whether input synthesis may be signed (always under the operator profile). */
    public boolean allowInput() {
        return policy.inputGate();
    }

    /** Whether the operator opened the plugin gate. */
    public boolean allowPlugins() {
        return policy.pluginGate();
    }

    /** Refuses {@code action} unless the policy permits signing it. */
    public void check(Action action) throws HostRefusedException {
        refuseUnless(policy.action(action));
    }

    /** Refuses unless plugin tools may run. */
    public void checkPlugins() throws HostRefusedException {
        refuseUnless(policy.plugins());
    }

    private static void refuseUnless(PolicyDecision decision) throws HostRefusedException {
        if (!decision.allowed()) {
            throw new HostRefusedException(decision.reason(), decision.message());
        }
    }
}

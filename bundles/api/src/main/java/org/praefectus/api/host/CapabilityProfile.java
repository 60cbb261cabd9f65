package org.praefectus.api.host;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * PeekabooX's four capability profiles, with PeekabooX's membership: the one meaning of a profile name for every
 * host (MCP, the daemon, workflows). Which action kinds a profile may sign, and the operator's input and plugin
 * gates, are {@link HostPolicy}'s.
 */
public enum CapabilityProfile {
    /** Read-only observation, vision, memory reads and plugin listings. */
    OBSERVE,
    /** {@link #OBSERVE}, memory writes and workflow drafting: planning happens in the client, nothing is signed. */
    PLAN,
    /** {@link #PLAN}, clicks and workflow runs: interactive assistance without typing or recording. */
    ASSIST,
    /** Every capability. */
    OPERATOR;

    /** The capabilities this profile holds (PeekabooX's membership). */
    public Set<Capability> capabilities() {
        return switch (this) {
            case OBSERVE ->
                Set.of(Capability.OBSERVE, Capability.VISION, Capability.MEMORY_READ, Capability.PLUGIN_READ);
            case PLAN ->
                Set.of(
                        Capability.OBSERVE,
                        Capability.VISION,
                        Capability.MEMORY_READ,
                        Capability.MEMORY_WRITE,
                        Capability.WORKFLOW_GENERATE,
                        Capability.PLUGIN_READ);
            case ASSIST ->
                Set.of(
                        Capability.OBSERVE,
                        Capability.CLICK,
                        Capability.WORKFLOW_EXECUTE,
                        Capability.WORKFLOW_GENERATE,
                        Capability.VISION,
                        Capability.MEMORY_READ,
                        Capability.MEMORY_WRITE,
                        Capability.PLUGIN_READ);
            case OPERATOR -> Set.copyOf(EnumSet.allOf(Capability.class));
        };
    }

    /** Whether this profile holds {@code capability}. */
    public boolean holds(Capability capability) {
        return capabilities().contains(capability);
    }

    /** The wire name ({@code assist}). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The profile named {@code name}, case-insensitively.
     *
     * @throws IllegalArgumentException for any other name (the message lists the four)
     */
    public static CapabilityProfile parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown capability profile (observe, plan, assist, operator)");
        }
    }
}

package org.praefectus.api.host;

import static java.util.Objects.requireNonNull;

/**
 * A {@link HostPolicy}'s answer: allowed, or refused with a stable snake_case reason code (the audit line's
 * {@code reason} and the code a surface refuses with) and a fixed message that never carries content.
 *
 * @param allowed whether it may run
 * @param reason  {@code null} when allowed; else {@link HostPolicy#PROFILE_DENIED},
 *                {@link HostPolicy#INPUT_NOT_ALLOWED} or {@link HostPolicy#PLUGINS_NOT_ALLOWED}
 * @param message {@code null} when allowed; else what the operator can change
 */
public record PolicyDecision(boolean allowed, String reason, String message) {

    /** The one allowed answer. */
    public static final PolicyDecision ALLOWED = new PolicyDecision(true, null, null);

    public PolicyDecision {
        if (allowed != (reason == null) || allowed != (message == null)) {
            throw new IllegalArgumentException("a refusal, and only a refusal, has a reason and a message");
        }
    }

    /** A refusal. */
    public static PolicyDecision refused(String reason, String message) {
        return new PolicyDecision(false, requireNonNull(reason, "reason"), requireNonNull(message, "message"));
    }
}

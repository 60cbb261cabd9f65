package org.praefectus.plugins.trust;

import java.util.Objects;

/**
 * Whether a plugin may run where trust is required, and why.
 *
 * @param trusted true when a pin or a publisher signature matches the files as they are now
 * @param reason  for a trusted plugin, how ({@code pinned} or {@code signed by KEY_ID}); otherwise what
 *                is missing or does not match
 */
public record TrustDecision(boolean trusted, String reason) {

    public TrustDecision {
        Objects.requireNonNull(reason, "reason");
    }

    static TrustDecision trusted(String how) {
        return new TrustDecision(true, how);
    }

    static TrustDecision refused(String why) {
        return new TrustDecision(false, why);
    }
}

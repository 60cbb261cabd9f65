package org.praefectus.api.engine;

/**
 * A grant that verified against a pinned key and binds the request.
 *
 * @param expiresAtMs the grant's expiry, milliseconds since the epoch; it caps the effect deadline
 */
public record VerifiedAuthority(long expiresAtMs) {
    public VerifiedAuthority {
        if (expiresAtMs <= 0) {
            throw new IllegalArgumentException("expires_at_ms must be positive");
        }
    }
}

package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/**
 * A grant and its Ed25519 signature. Both are secret to logs: {@code toString} redacts them.
 *
 * @param grant     the signed grant
 * @param signature the 64-byte Ed25519 signature as 128 hex digits
 */
public record SignedAuthority(AuthorityGrant grant, String signature) {

    public SignedAuthority {
        present(grant, "grant");
        present(signature, "signature");
        if (!Checks.isHex(signature, 128)) {
            throw new ProtocolViolation(
                    ProtocolErrorCode.INVALID_SIGNATURE, "signature must be 128 hex digits (64 bytes)");
        }
    }

    @Override
    public String toString() {
        return "SignedAuthority[grant=" + Protocol.REDACTED + ", signature=" + Protocol.REDACTED + "]";
    }
}

package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/**
 * What a host signs: one operation on one canonical action hash, for one subject and session, at one risk,
 * until an expiry, under one policy generation. The signature covers {@link ProtocolHashes#canonicalGrantBytes}.
 *
 * @param protocolVersion  protocol version, 2
 * @param issuer           host identity, pinned by the verifier
 * @param keyId            signing key identity, pinned by the verifier
 * @param operationId      the request's operation ID
 * @param subject          the request's subject (secret: redacted in {@code toString})
 * @param sessionId        the request's session (secret: redacted in {@code toString})
 * @param risk             the request's safety class
 * @param expiresAtMs      expiry, milliseconds since the epoch
 * @param policyGeneration the host policy generation the verifier pins
 * @param actionHash       the request's normalized action hash, 64 hex digits
 */
public record AuthorityGrant(
        int protocolVersion,
        String issuer,
        String keyId,
        String operationId,
        String subject,
        String sessionId,
        SafetyClass risk,
        long expiresAtMs,
        String policyGeneration,
        String actionHash) {

    public AuthorityGrant {
        Checks.u16(protocolVersion, "protocol_version");
        present(issuer, "issuer");
        present(keyId, "key_id");
        present(operationId, "operation_id");
        present(subject, "subject");
        present(sessionId, "session_id");
        present(risk, "risk");
        present(policyGeneration, "policy_generation");
        present(actionHash, "action_hash");
        if (!Checks.isHex(actionHash, 64)) {
            throw new ProtocolViolation(ProtocolErrorCode.INVALID_HEX, "action_hash must be 64 hex digits");
        }
    }

    @Override
    public String toString() {
        return "AuthorityGrant[protocolVersion=" + protocolVersion + ", issuer=" + issuer + ", keyId=" + keyId
                + ", operationId=" + operationId + ", subject=" + Protocol.REDACTED + ", sessionId="
                + Protocol.REDACTED + ", risk=" + risk + ", expiresAtMs=" + expiresAtMs + ", policyGeneration="
                + policyGeneration + ", actionHash=" + actionHash + "]";
    }
}

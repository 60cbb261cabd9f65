package org.praefectus.engine.authority;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.AuthorityDeniedException;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.VerifiedAuthority;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolHashes;

/**
 * The reference's {@code Ed25519AuthorityVerifier}: the grant must bind this exact request and carry a
 * {@code verify_strict} signature by the key pinned for its (issuer, key id) under the same policy
 * generation. Every refusal is {@code authority denied}; the message names the failed rule only.
 * Immutable and thread-safe.
 */
public final class Ed25519AuthorityVerifier implements AuthorityVerifier {

    private final PinnedKeyring keyring;

    /** @param keyring the host-pinned keys (constructed by a host in code, or from {@link AuthorityConfig}) */
    public Ed25519AuthorityVerifier(PinnedKeyring keyring) {
        this.keyring = requireNonNull(keyring, "keyring");
    }

    @Override
    public VerifiedAuthority verify(ActionRequest request, String actionHash) throws AuthorityDeniedException {
        AuthorityGrant grant = request.authority().grant();
        if (grant.protocolVersion() != Protocol.PROTOCOL_VERSION) {
            throw new AuthorityDeniedException("grant protocol version");
        }
        if (!grant.operationId().equals(request.operationId())
                || !grant.subject().equals(request.subject())
                || !grant.sessionId().equals(request.sessionId())
                || grant.risk() != request.safety()) {
            throw new AuthorityDeniedException("grant does not bind this request");
        }
        if (!Sha256.isHash(actionHash) || !grant.actionHash().equals(actionHash)) {
            throw new AuthorityDeniedException("grant does not bind this action hash");
        }
        if (grant.expiresAtMs() <= 0) {
            throw new AuthorityDeniedException("grant expiry");
        }
        if (!AuthorityIdentifier.isValid(grant.issuer())
                || !AuthorityIdentifier.isValid(grant.keyId())
                || !AuthorityIdentifier.isValid(grant.policyGeneration())) {
            throw new AuthorityDeniedException("grant identifiers");
        }
        PinnedKey key = keyring.lookup(grant.issuer(), grant.keyId())
                .orElseThrow(() -> new AuthorityDeniedException("no pinned key"));
        if (!key.policyGeneration().equals(grant.policyGeneration())) {
            throw new AuthorityDeniedException("policy generation");
        }
        try {
            keyring.verifyHex(
                    grant.issuer(),
                    grant.keyId(),
                    ProtocolHashes.canonicalGrantBytes(grant),
                    request.authority().signature());
        } catch (AuthorityException e) {
            throw new AuthorityDeniedException("signature: " + e.code());
        }
        return new VerifiedAuthority(grant.expiresAtMs());
    }
}

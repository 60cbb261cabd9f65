package org.praefectus.api.host;

import static java.util.Objects.requireNonNull;

import java.util.HexFormat;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.SignedAuthority;

/**
 * Signs requests as one host: a grant bound to the draft's operation, subject, session, risk and canonical
 * action hash, under this issuer, key id and policy generation, until an expiry. Call it only after the
 * host's own approval; the key never leaves the {@link HostKey}. Immutable and thread-safe.
 *
 * @param key              the host's signing key
 * @param issuer           the issuer grants name
 * @param keyId            the key id grants name
 * @param policyGeneration the policy generation pinned with the key
 */
public record HostSigner(HostKey key, String issuer, String keyId, String policyGeneration) {

    public HostSigner {
        requireNonNull(key, "key");
        // the same rule as the pin, so a signer that exists can always be pinned
        new PinnedIssuer(issuer, keyId, policyGeneration, key.publicKeyHex());
    }

    /** What the engine must pin to trust this signer: register it as a service, or use its {@link PinnedIssuer#entry()}. */
    public PinnedIssuer pinnedIssuer() {
        return new PinnedIssuer(issuer, keyId, policyGeneration, key.publicKeyHex());
    }

    /**
     * The grant for {@code draft}, bound to its canonical action hash, expiring at {@code expiresAtMs}.
     *
     * @throws ProtocolException when the draft's verification expectation is over its bound
     */
    public AuthorityGrant grant(RequestDraft draft, long expiresAtMs) throws ProtocolException {
        return new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                issuer,
                keyId,
                draft.operationId(),
                draft.subject(),
                draft.sessionId(),
                draft.safety(),
                expiresAtMs,
                policyGeneration,
                draft.actionHash());
    }

    /** The Ed25519 signature (128 hex digits) over the canonical bytes of {@code grant}. */
    public SignedAuthority signGrant(AuthorityGrant grant) {
        byte[] signature = key.sign(ProtocolHashes.canonicalGrantBytes(requireNonNull(grant, "grant")));
        return new SignedAuthority(grant, HexFormat.of().formatHex(signature));
    }

    /**
     * The signed request for {@code draft}. The same draft signed again later has the same action hash, so
     * the engine replays its stored terminal instead of dispatching twice.
     *
     * @throws ProtocolException when the draft's verification expectation is over its bound
     */
    public ActionRequest sign(RequestDraft draft, long expiresAtMs) throws ProtocolException {
        return draft.withAuthority(signGrant(grant(draft, expiresAtMs)));
    }
}

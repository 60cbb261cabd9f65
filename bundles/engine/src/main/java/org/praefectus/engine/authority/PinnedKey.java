package org.praefectus.engine.authority;

import java.util.Objects;
import org.praefectus.api.host.PinnedIssuer;

/**
 * One host-pinned issuer key: the (issuer, key id) that grants name, the policy generation the host
 * bound to this key, and the validated Ed25519 public key.
 *
 * <p>The policy generation follows the reference keyring, which pins one per (issuer, key id) and
 * denies a grant whose {@code policy_generation} differs; the grant check itself belongs to the
 * {@code AuthorityVerifier} that will be built on {@link PinnedKeyring}.
 */
public record PinnedKey(IssuerKeyId id, String policyGeneration, Ed25519PublicKey publicKey) {
    /** Rejects a null part or an invalid policy generation; use {@link #of} for outside input. */
    public PinnedKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(publicKey, "publicKey");
        if (!AuthorityIdentifier.isValid(policyGeneration)) {
            throw new IllegalArgumentException(AuthorityError.INVALID_IDENTIFIER.code());
        }
    }

    /** Validates every part with typed errors; the public key is given as 64 hex characters. */
    public static PinnedKey of(String issuer, String keyId, String policyGeneration, String publicKeyHex)
            throws AuthorityException {
        IssuerKeyId id = IssuerKeyId.of(issuer, keyId);
        AuthorityIdentifier.require(policyGeneration);
        return new PinnedKey(id, policyGeneration, Ed25519PublicKey.fromHex(publicKeyHex));
    }

    /** Validates a host kit pin (its key's curve point, above all). */
    public static PinnedKey of(PinnedIssuer pin) throws AuthorityException {
        return of(pin.issuer(), pin.keyId(), pin.policyGeneration(), pin.publicKeyHex());
    }

    /** The issuer grants name. */
    public String issuer() {
        return id.issuer();
    }

    /** The key id grants name. */
    public String keyId() {
        return id.keyId();
    }
}

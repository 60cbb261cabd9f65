package org.praefectus.engine.authority;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The host-pinned issuer keys, looked up by (issuer, key id), and strict verification against them.
 *
 * <p>Construction fails on a duplicate (issuer, key id) pair instead of keeping one of the keys: which
 * key is trusted must never depend on ordering in a configuration. An empty keyring is allowed and
 * refuses every grant ({@code unknown_issuer_key}), like the reference's empty keyring. Immutable and
 * thread-safe.
 */
public final class PinnedKeyring {
    private final Map<IssuerKeyId, PinnedKey> keys;

    /** Pins {@code keys}; fails with {@code duplicate_issuer_key} if two share an (issuer, key id). */
    public PinnedKeyring(Collection<PinnedKey> keys) throws AuthorityException {
        if (keys == null) {
            throw new AuthorityException(AuthorityError.MISSING_INPUT);
        }
        Map<IssuerKeyId, PinnedKey> byId = new HashMap<>();
        for (PinnedKey key : keys) {
            if (key == null) {
                throw new AuthorityException(AuthorityError.MISSING_INPUT);
            }
            if (byId.putIfAbsent(key.id(), key) != null) {
                throw new AuthorityException(AuthorityError.DUPLICATE_ISSUER_KEY);
            }
        }
        this.keys = Map.copyOf(byId);
    }

    /**
     * Builds the keyring from configuration, parsing every entry with {@link PinnedKeyEntry#parse}.
     * The first bad entry fails the whole keyring: a partly applied key list is never trusted.
     */
    public static PinnedKeyring fromConfig(AuthorityConfig config) throws AuthorityException {
        if (config == null) {
            throw new AuthorityException(AuthorityError.MISSING_INPUT);
        }
        String[] entries = config.keys();
        if (entries == null) {
            throw new AuthorityException(AuthorityError.MISSING_INPUT);
        }
        List<PinnedKey> keys = new ArrayList<>(entries.length);
        for (String entry : entries) {
            keys.add(PinnedKeyEntry.parse(entry));
        }
        return new PinnedKeyring(keys);
    }

    /** The key pinned for (issuer, key id); empty for unknown or invalid identifiers. */
    public Optional<PinnedKey> lookup(String issuer, String keyId) {
        if (!AuthorityIdentifier.isValid(issuer) || !AuthorityIdentifier.isValid(keyId)) {
            return Optional.empty();
        }
        return Optional.ofNullable(keys.get(new IssuerKeyId(issuer, keyId)));
    }

    /**
     * Verifies {@code signature} over {@code message} with the key pinned for (issuer, key id), as
     * {@link StrictEd25519} does, and returns that key (its policy generation is for the caller to
     * compare with the grant's).
     *
     * @throws AuthorityException {@code invalid_identifier} for an issuer or key id outside the rule,
     *     {@code unknown_issuer_key} when nothing is pinned for them, or any signature error of
     *     {@link StrictEd25519}
     */
    public PinnedKey verify(String issuer, String keyId, byte[] message, byte[] signature) throws AuthorityException {
        PinnedKey key = keys.get(IssuerKeyId.of(issuer, keyId));
        if (key == null) {
            throw new AuthorityException(AuthorityError.UNKNOWN_ISSUER_KEY);
        }
        StrictEd25519.verify(key.publicKey(), message, signature);
        return key;
    }

    /** As {@link #verify(String, String, byte[], byte[])} with the signature as 128 hex characters. */
    public PinnedKey verifyHex(String issuer, String keyId, byte[] message, String signatureHex)
            throws AuthorityException {
        byte[] signature =
                StrictHex.decode(signatureHex, StrictEd25519.SIGNATURE_BYTES, AuthorityError.BAD_SIGNATURE_LENGTH);
        return verify(issuer, keyId, message, signature);
    }

    /** The pinned keys. */
    public Collection<PinnedKey> keys() {
        return keys.values();
    }

    /** How many keys are pinned. */
    public int size() {
        return keys.size();
    }
}

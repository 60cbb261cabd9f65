package org.praefectus.api.host;

import java.io.IOException;
import java.util.HexFormat;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.util.PublicKeyFactory;
import org.bouncycastle.crypto.util.SubjectPublicKeyInfoFactory;

/**
 * One issuer key a host pins in the engine: the (issuer, key id) its grants name, the policy generation it
 * binds to that key, and the Ed25519 public key.
 *
 * <p>Pinning is a service: register a {@code PinnedIssuer} (this class is the service type) and the
 * engine's verifier trusts it from the next verification on; unregister it and the next verification
 * refuses its grants. Operators pin keys in configuration instead, as {@link #entry()} strings ({@code
 * org.praefectus.engine.authority}, property {@code keys}). The engine checks the key's curve point (canonical,
 * prime order) when it binds the service and ignores a key that fails, and a pair of pins with the same
 * (issuer, key id) but different keys trusts neither.
 *
 * @param issuer           the host identity grants name
 * @param keyId            the key identity grants name
 * @param policyGeneration the policy generation grants must carry
 * @param publicKeyHex     the raw 32-byte public key as 64 lowercase hex digits
 */
public record PinnedIssuer(String issuer, String keyId, String policyGeneration, String publicKeyHex) {

    /**
     * The service property naming the host that registered a pin, e.g. {@code mcp}: a host component can
     * reference its own pin (filter {@code (praefectus.host=mcp)}) and so start only once it is trusted.
     */
    public static final String HOST_PROPERTY = "praefectus.host";

    private static final int MAX_IDENTIFIER = 256;

    /** Rejects identifiers outside {@link #isIdentifier} and a key that is not 64 hex digits. */
    public PinnedIssuer {
        requireIdentifier(issuer, "issuer");
        requireIdentifier(keyId, "key_id");
        requireIdentifier(policyGeneration, "policy_generation");
        if (publicKeyHex == null
                || publicKeyHex.length() != 2 * HostKey.KEY_BYTES
                || !publicKeyHex.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            throw new IllegalArgumentException("public_key must be 64 lowercase hex digits");
        }
    }

    /** The issuer pinned for {@code key}'s raw public key. */
    public static PinnedIssuer of(String issuer, String keyId, String policyGeneration, byte[] rawPublicKey) {
        if (rawPublicKey == null || rawPublicKey.length != HostKey.KEY_BYTES) {
            throw new IllegalArgumentException("an Ed25519 public key is 32 bytes");
        }
        return new PinnedIssuer(issuer, keyId, policyGeneration, HexFormat.of().formatHex(rawPublicKey));
    }

    /**
     * The issuer pinned for a DER-encoded X.509 {@code SubjectPublicKeyInfo} holding an Ed25519 key, as the
     * JDK's {@code PublicKey.getEncoded()} and {@code openssl pkey -pubout -outform DER} write it.
     */
    public static PinnedIssuer ofX509(String issuer, String keyId, String policyGeneration, byte[] der) {
        AsymmetricKeyParameter parsed;
        try {
            parsed = PublicKeyFactory.createKey(der);
        } catch (IOException | RuntimeException malformed) {
            throw new IllegalArgumentException("not an X.509 SubjectPublicKeyInfo");
        }
        if (!(parsed instanceof Ed25519PublicKeyParameters ed25519)) {
            throw new IllegalArgumentException("not an Ed25519 public key");
        }
        return of(issuer, keyId, policyGeneration, ed25519.getEncoded());
    }

    /**
     * The configuration entry {@code issuer:key_id:policy_generation:hex_public_key}.
     *
     * @throws IllegalStateException when an identifier contains {@code :} (pin such a key as a service)
     */
    public String entry() {
        if (issuer.indexOf(':') >= 0 || keyId.indexOf(':') >= 0 || policyGeneration.indexOf(':') >= 0) {
            throw new IllegalStateException("an identifier containing ':' has no unambiguous key entry");
        }
        return issuer + ":" + keyId + ":" + policyGeneration + ":" + publicKeyHex;
    }

    /** The raw 32-byte public key. */
    public byte[] publicKey() {
        return HexFormat.of().parseHex(publicKeyHex);
    }

    /** The public key as a DER-encoded X.509 {@code SubjectPublicKeyInfo}. */
    public byte[] publicKeyX509() {
        try {
            return SubjectPublicKeyInfoFactory.createSubjectPublicKeyInfo(
                            new Ed25519PublicKeyParameters(publicKey(), 0))
                    .getEncoded();
        } catch (IOException impossible) {
            throw new IllegalStateException("cannot encode an Ed25519 key", impossible);
        }
    }

    /**
     * The reference's identifier rule for issuers, key ids and policy generations: 1 to 256 characters,
     * each an ASCII letter or digit, {@code -}, {@code _} or {@code :}.
     */
    public static boolean isIdentifier(String value) {
        if (value == null || value.isEmpty() || value.length() > MAX_IDENTIFIER) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '_'
                    || c == ':';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    private static void requireIdentifier(String value, String field) {
        if (!isIdentifier(value)) {
            throw new IllegalArgumentException(field + " is not a valid identifier");
        }
    }
}

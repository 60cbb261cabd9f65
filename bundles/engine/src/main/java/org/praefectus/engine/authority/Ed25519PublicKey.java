package org.praefectus.engine.authority;

import java.util.Arrays;
import java.util.HexFormat;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * A 32-byte Ed25519 public key that passed every check of {@link StrictEd25519#validatePublicKey}:
 * canonical encoding, on the curve, not of small order, inside the prime-order subgroup. An instance
 * that exists is such a key.
 *
 * <p>Not a record: it keeps the decoded curve point beside the bytes so the subgroup check (a full
 * scalar multiplication) runs once when the key is pinned rather than on every verification, and byte
 * arrays would give a record identity-based equality.
 */
public final class Ed25519PublicKey {
    private final byte[] encoded;
    private final Ed25519.PublicPoint point;

    private Ed25519PublicKey(byte[] encoded, Ed25519.PublicPoint point) {
        this.encoded = encoded;
        this.point = point;
    }

    /** Validates and wraps a 32-byte encoding; the array is copied. */
    public static Ed25519PublicKey of(byte[] encoded) throws AuthorityException {
        if (encoded == null) {
            throw new AuthorityException(AuthorityError.MISSING_INPUT);
        }
        byte[] copy = encoded.clone();
        return new Ed25519PublicKey(copy, StrictEd25519.validatePublicKey(copy));
    }

    /** Decodes 64 hex characters (either case) and validates the key. */
    public static Ed25519PublicKey fromHex(String hex) throws AuthorityException {
        return of(StrictHex.decode(hex, StrictEd25519.PUBLIC_KEY_BYTES, AuthorityError.BAD_PUBLIC_KEY_LENGTH));
    }

    /** A copy of the 32-byte encoding. */
    public byte[] encoded() {
        return encoded.clone();
    }

    /** The encoding as 64 lowercase hex characters. */
    public String hex() {
        return HexFormat.of().formatHex(encoded);
    }

    Ed25519.PublicPoint point() {
        return point;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Ed25519PublicKey key && Arrays.equals(encoded, key.encoded);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encoded);
    }

    @Override
    public String toString() {
        return "Ed25519PublicKey[" + hex() + "]";
    }
}

package org.praefectus.engine.authority;

import java.util.HexFormat;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * Ed25519 verification at least as strict as ed25519-dalek's {@code verify_strict}, with BouncyCastle
 * doing the curve arithmetic.
 *
 * <p>The checks, in the order they run (the first failure is the reported {@link AuthorityError}):
 * <ol>
 * <li>Lengths: the public key is exactly 32 bytes, the signature exactly 64 bytes
 *     ({@code bad_public_key_length}, {@code bad_signature_length}).</li>
 * <li>Public key A (once, when an {@link Ed25519PublicKey} is made):
 *   <ul>
 *   <li>canonical: the 255-bit y is below p = 2^255 - 19 ({@code non_canonical_public_key});</li>
 *   <li>not one of the eight small-order points, identified by their canonical y
 *       (0, 1, p - 1 and the two order-8 values) ({@code small_order_public_key});</li>
 *   <li>decodes to a curve point, rejecting x = 0 with the sign bit set ({@code public_key_not_on_curve});</li>
 *   <li>lies in the prime-order subgroup, [L]A = O ({@code mixed_order_public_key}). dalek accepts
 *       mixed-order keys; we refuse them because no honestly generated key has a torsion component,
 *       and because BouncyCastle's equation (below) is exactly cofactorless only for such keys.</li>
 *   </ul></li>
 * <li>S is canonical: S &lt; L as a little-endian integer ({@code non_canonical_s}).</li>
 * <li>Signature point R: canonical ({@code non_canonical_r}), not of small order ({@code small_order_r}),
 *     on the curve ({@code r_not_on_curve}), in the prime-order subgroup ({@code mixed_order_r}).</li>
 * <li>The cofactorless equation [S]B = R + [k]A with k = SHA-512(R || A || M) mod L
 *     ({@code invalid_signature}).</li>
 * </ol>
 *
 * <p>Why the subgroup check on R: BouncyCastle evaluates the equation through a lattice-reduced
 * Straus multiplication, checking [v1]([S]B - R) - [v0]A = O with v0 = k v1 mod L and 0 &lt; |v1| &lt; 2^128.
 * With A and R both in the prime-order subgroup the left side lies in that subgroup and v1 is not a
 * multiple of L, so it vanishes exactly when [S]B = R + [k]A: cofactorless, as in dalek. With A in the
 * subgroup, the cofactorless equation itself forces R into it, so this check refuses nothing that dalek
 * would accept for the same key.
 *
 * <p>Compared with dalek's {@code verify_strict}, the accepted set is a subset, and the two are equal for
 * every canonical public key in the prime-order subgroup. Stateless and thread-safe.
 */
public final class StrictEd25519 {
    /** Length of an encoded public key. */
    public static final int PUBLIC_KEY_BYTES = 32;
    /** Length of a signature: R (32 bytes) then S (32 bytes, little-endian). */
    public static final int SIGNATURE_BYTES = 64;

    private static final int POINT_BYTES = 32;

    /** L = 2^252 + 27742317777372353535851937790883648493, little-endian. */
    private static final byte[] ORDER_L =
            HexFormat.of().parseHex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");

    /**
     * The canonical y encodings (sign bit cleared) shared by the eight small-order points: the identity
     * (y = 1), the point of order 2 (y = p - 1), the two of order 4 (y = 0) and the four of order 8.
     */
    private static final byte[][] SMALL_ORDER_Y = {
        HexFormat.of().parseHex("0000000000000000000000000000000000000000000000000000000000000000"),
        HexFormat.of().parseHex("0100000000000000000000000000000000000000000000000000000000000000"),
        HexFormat.of().parseHex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        HexFormat.of().parseHex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
        HexFormat.of().parseHex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
    };

    private StrictEd25519() {}

    /**
     * Verifies {@code signature} over {@code message} with a raw 32-byte public key, validating the key
     * first. Returns normally only when every check passes.
     */
    public static void verify(byte[] publicKey, byte[] message, byte[] signature) throws AuthorityException {
        if (publicKey == null) {
            throw new AuthorityException(AuthorityError.MISSING_INPUT);
        }
        verify(Ed25519PublicKey.of(publicKey), message, signature);
    }

    /**
     * Verifies {@code signature} over {@code message} with an already validated key. Returns normally
     * only when every check passes.
     */
    public static void verify(Ed25519PublicKey publicKey, byte[] message, byte[] signature) throws AuthorityException {
        if (publicKey == null || message == null || signature == null) {
            throw new AuthorityException(AuthorityError.MISSING_INPUT);
        }
        if (signature.length != SIGNATURE_BYTES) {
            throw new AuthorityException(AuthorityError.BAD_SIGNATURE_LENGTH);
        }
        if (!scalarBelowOrder(signature, POINT_BYTES)) {
            throw new AuthorityException(AuthorityError.NON_CANONICAL_S);
        }
        byte[] r = new byte[POINT_BYTES];
        System.arraycopy(signature, 0, r, 0, POINT_BYTES);
        checkEncoding(r, AuthorityError.NON_CANONICAL_R, AuthorityError.SMALL_ORDER_R, AuthorityError.R_NOT_ON_CURVE);
        // "full" adds [L]R = O to the checks above
        if (!Ed25519.validatePublicKeyFull(r, 0)) {
            throw new AuthorityException(AuthorityError.MIXED_ORDER_R);
        }
        if (!Ed25519.verify(signature, 0, publicKey.point(), message, 0, message.length)) {
            throw new AuthorityException(AuthorityError.INVALID_SIGNATURE);
        }
    }

    /** Runs the public-key checks (2. in the class description) and returns the decoded point. */
    static Ed25519.PublicPoint validatePublicKey(byte[] publicKey) throws AuthorityException {
        if (publicKey.length != PUBLIC_KEY_BYTES) {
            throw new AuthorityException(AuthorityError.BAD_PUBLIC_KEY_LENGTH);
        }
        checkEncoding(
                publicKey,
                AuthorityError.NON_CANONICAL_PUBLIC_KEY,
                AuthorityError.SMALL_ORDER_PUBLIC_KEY,
                AuthorityError.PUBLIC_KEY_NOT_ON_CURVE);
        // "full" adds [L]A = O to the checks above; the encoding checks passed, so null means mixed order
        Ed25519.PublicPoint point = Ed25519.validatePublicKeyFullExport(publicKey, 0);
        if (point == null) {
            throw new AuthorityException(AuthorityError.MIXED_ORDER_PUBLIC_KEY);
        }
        return point;
    }

    private static void checkEncoding(
            byte[] encoded, AuthorityError nonCanonical, AuthorityError smallOrder, AuthorityError notOnCurve)
            throws AuthorityException {
        if (!canonicalY(encoded)) {
            throw new AuthorityException(nonCanonical);
        }
        if (smallOrderY(encoded)) {
            throw new AuthorityException(smallOrder);
        }
        // BouncyCastle's "partial" validation repeats the two checks above cheaply, then decodes
        if (!Ed25519.validatePublicKeyPartial(encoded, 0)) {
            throw new AuthorityException(notOnCurve);
        }
    }

    /** Whether the 255-bit little-endian y (sign bit ignored) is below p = 2^255 - 19. */
    private static boolean canonicalY(byte[] encoded) {
        if ((encoded[31] & 0x7f) != 0x7f) {
            return true;
        }
        for (int i = 30; i >= 1; i--) {
            if ((encoded[i] & 0xff) != 0xff) {
                return true;
            }
        }
        return (encoded[0] & 0xff) < 0xed;
    }

    private static boolean smallOrderY(byte[] encoded) {
        for (byte[] y : SMALL_ORDER_Y) {
            boolean same = true;
            for (int i = 0; i < POINT_BYTES && same; i++) {
                int b = i == POINT_BYTES - 1 ? encoded[i] & 0x7f : encoded[i] & 0xff;
                same = b == (y[i] & 0xff);
            }
            if (same) {
                return true;
            }
        }
        return false;
    }

    /** Whether the 32 little-endian bytes at {@code offset} encode an integer below L. */
    private static boolean scalarBelowOrder(byte[] bytes, int offset) {
        for (int i = 31; i >= 0; i--) {
            int b = bytes[offset + i] & 0xff;
            int l = ORDER_L[i] & 0xff;
            if (b != l) {
                return b < l;
            }
        }
        return false;
    }
}

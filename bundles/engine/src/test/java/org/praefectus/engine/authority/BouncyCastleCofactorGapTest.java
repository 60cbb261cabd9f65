package org.praefectus.engine.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.Test;

/**
 * Signatures that BouncyCastle's {@code Ed25519.verify} accepts and dalek's {@code verify_strict}
 * refuses, both made by the holder of an honest key. They are why {@link StrictEd25519} checks R itself.
 *
 * <p>Wycheproof contains neither kind: plain BouncyCastle 1.80 already agrees with all 151 of its cases.
 */
class BouncyCastleCofactorGapTest {
    private static final BigInteger L =
            BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));
    /** RFC 8032 7.1 TEST 1. */
    private static final byte[] SEED = Vectors.hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");

    private static final byte[] KEY = Vectors.hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    private static final byte[] MESSAGE = "grant".getBytes(StandardCharsets.UTF_8);

    private static BigInteger littleEndian(byte[] bytes, int from, int to) {
        byte[] be = new byte[to - from];
        for (int i = 0; i < be.length; i++) {
            be[i] = bytes[to - 1 - i];
        }
        return new BigInteger(1, be);
    }

    /** The secret scalar a of RFC 8032 5.1.5: the clamped low half of SHA-512(seed). */
    private static BigInteger secretScalar() throws NoSuchAlgorithmException {
        byte[] h = MessageDigest.getInstance("SHA-512").digest(SEED);
        h[0] &= (byte) 248;
        h[31] &= 127;
        h[31] |= 64;
        return littleEndian(h, 0, 32);
    }

    /** S = r + k a mod L with k = SHA-512(R || A || M) mod L: what an honest signer computes for nonce point R. */
    private static byte[] sign(byte[] r, BigInteger nonce) throws NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-512");
        sha.update(r);
        sha.update(KEY);
        sha.update(MESSAGE);
        BigInteger k = littleEndian(sha.digest(), 0, 64).mod(L);
        BigInteger s = nonce.add(k.multiply(secretScalar())).mod(L);
        byte[] signature = new byte[64];
        System.arraycopy(r, 0, signature, 0, 32);
        System.arraycopy(EdwardsPoints.encodeY(s, false), 0, signature, 32, 32);
        return signature;
    }

    private static boolean bouncyCastleAccepts(byte[] signature) {
        return Ed25519.verify(signature, 0, KEY, 0, MESSAGE, 0, MESSAGE.length);
    }

    private static String strictRefusal(byte[] signature) {
        return assertThrows(AuthorityException.class, () -> StrictEd25519.verify(KEY, MESSAGE, signature))
                .code();
    }

    @Test
    void theIdentityAsRIsAcceptedByBouncyCastleAndRefusedHere() throws Exception {
        // nonce 0: R = O and S = k a, so [S]B = R + [k]A holds, cofactorless even
        byte[] signature = sign(EdwardsPoints.encode(EdwardsPoints.IDENTITY), BigInteger.ZERO);
        assertTrue(bouncyCastleAccepts(signature));
        assertEquals("small_order_r", strictRefusal(signature));
    }

    @Test
    void aMixedOrderRIsSometimesAcceptedByBouncyCastleAndAlwaysRefusedHere() throws Exception {
        // R = [r]B + T with T of order 8. [S]B - R - [k]A = -T is never O, so the cofactorless equation
        // fails; BouncyCastle checks [v1]([S]B - R) - [v0]A = O with v1 from a lattice reduction of k,
        // which is -[v1]T, and vanishes whenever 8 divides v1 (about one nonce in eight)
        EdwardsPoints.Point torsion = EdwardsPoints.decode(Vectors.hex(StrictEd25519Test.SMALL_ORDER.get(1)))
                .orElseThrow();
        int acceptedByBouncyCastle = 0;
        for (int nonce = 1; nonce <= 48; nonce++) {
            BigInteger r = BigInteger.valueOf(nonce);
            byte[] rEncoded =
                    EdwardsPoints.encode(EdwardsPoints.add(EdwardsPoints.multiply(EdwardsPoints.BASE, r), torsion));
            byte[] signature = sign(rEncoded, r);
            if (bouncyCastleAccepts(signature)) {
                acceptedByBouncyCastle++;
            }
            assertEquals("mixed_order_r", strictRefusal(signature));
        }
        assertTrue(acceptedByBouncyCastle > 0, "expected BouncyCastle to accept some mixed-order R");
    }

    @Test
    void theHelperSignsLikeBouncyCastleForAnHonestNonce() throws Exception {
        BigInteger r = BigInteger.valueOf(12345);
        byte[] signature = sign(EdwardsPoints.encode(EdwardsPoints.multiply(EdwardsPoints.BASE, r)), r);
        assertTrue(bouncyCastleAccepts(signature));
        StrictEd25519.verify(KEY, MESSAGE, signature);
    }
}

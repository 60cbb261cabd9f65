package org.praefectus.engine.authority;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/** The strictness checks one by one, each with an input built to fail exactly that check. */
class StrictEd25519Test {
    /** RFC 8032 7.1 TEST 1: empty message. */
    private static final byte[] KEY = Vectors.hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");

    private static final byte[] MESSAGE = new byte[0];
    private static final byte[] SIGNATURE =
            Vectors.hex("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                    + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");

    private static final BigInteger L =
            BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));

    /** The canonical encodings of the eight small-order points. */
    static final List<String> SMALL_ORDER = List.of(
            "0100000000000000000000000000000000000000000000000000000000000000",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
            "0000000000000000000000000000000000000000000000000000000000000080",
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
            "0000000000000000000000000000000000000000000000000000000000000000",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa");

    private static void assertRefused(String code, Executable call) {
        AuthorityException refused = assertThrows(AuthorityException.class, call);
        assertEquals(code, refused.code());
    }

    private static byte[] withR(byte[] signature, byte[] r) {
        byte[] copy = signature.clone();
        System.arraycopy(r, 0, copy, 0, 32);
        return copy;
    }

    private static byte[] withS(byte[] signature, BigInteger s) {
        byte[] copy = signature.clone();
        byte[] le = EdwardsPoints.encodeY(s, false);
        System.arraycopy(le, 0, copy, 32, 32);
        return copy;
    }

    private static BigInteger s(byte[] signature) {
        byte[] be = new byte[32];
        for (int i = 0; i < 32; i++) {
            be[i] = signature[63 - i];
        }
        return new BigInteger(1, be);
    }

    /** The first y above 1 that is not on the curve, with its (meaningless) encoding. */
    private static byte[] offCurve() {
        for (int y = 2; ; y++) {
            if (EdwardsPoints.recoverX(BigInteger.valueOf(y), false).isEmpty()) {
                return EdwardsPoints.encodeY(BigInteger.valueOf(y), false);
            }
        }
    }

    /** A valid key plus a point of order 8: on the curve, canonical, not small order, not in the subgroup. */
    private static byte[] mixedOrder(byte[] primeOrder) {
        EdwardsPoints.Point a = EdwardsPoints.decode(primeOrder).orElseThrow();
        EdwardsPoints.Point t =
                EdwardsPoints.decode(Vectors.hex(SMALL_ORDER.get(1))).orElseThrow();
        return EdwardsPoints.encode(EdwardsPoints.add(a, t));
    }

    @Test
    void theReferenceSignatureVerifies() {
        assertDoesNotThrow(() -> StrictEd25519.verify(KEY, MESSAGE, SIGNATURE));
    }

    @Test
    void wrongLengthsAreRefused() {
        assertRefused("bad_public_key_length", () -> StrictEd25519.verify(new byte[31], MESSAGE, SIGNATURE));
        assertRefused("bad_public_key_length", () -> StrictEd25519.verify(new byte[33], MESSAGE, SIGNATURE));
        assertRefused("bad_public_key_length", () -> StrictEd25519.verify(new byte[0], MESSAGE, SIGNATURE));
        assertRefused("bad_signature_length", () -> StrictEd25519.verify(KEY, MESSAGE, Arrays.copyOf(SIGNATURE, 63)));
        // a valid signature followed by garbage is still the wrong length (Wycheproof "SignatureWithGarbage")
        assertRefused("bad_signature_length", () -> StrictEd25519.verify(KEY, MESSAGE, Arrays.copyOf(SIGNATURE, 65)));
        assertRefused("bad_signature_length", () -> StrictEd25519.verify(KEY, MESSAGE, new byte[0]));
    }

    @Test
    void nullInputsAreTypedRefusals() {
        assertRefused("missing_input", () -> StrictEd25519.verify((byte[]) null, MESSAGE, SIGNATURE));
        assertRefused("missing_input", () -> StrictEd25519.verify((Ed25519PublicKey) null, MESSAGE, SIGNATURE));
        assertRefused("missing_input", () -> StrictEd25519.verify(KEY, null, SIGNATURE));
        assertRefused("missing_input", () -> StrictEd25519.verify(KEY, MESSAGE, null));
    }

    @Test
    void nonCanonicalSIsRefused() {
        // S + L satisfies the equation modulo L: the malleability that verify_strict closes
        BigInteger s = s(SIGNATURE);
        assertRefused("non_canonical_s", () -> StrictEd25519.verify(KEY, MESSAGE, withS(SIGNATURE, s.add(L))));
        assertRefused("non_canonical_s", () -> StrictEd25519.verify(KEY, MESSAGE, withS(SIGNATURE, L)));
        byte[] highBit = SIGNATURE.clone();
        highBit[63] |= (byte) 0x80;
        assertRefused("non_canonical_s", () -> StrictEd25519.verify(KEY, MESSAGE, highBit));
    }

    @Test
    void theLargestCanonicalSPassesTheRangeCheck() {
        // L - 1 is in range, so the refusal comes from the equation, not from the S check
        assertRefused(
                "invalid_signature",
                () -> StrictEd25519.verify(KEY, MESSAGE, withS(SIGNATURE, L.subtract(BigInteger.ONE))));
    }

    @TestFactory
    Stream<DynamicTest> nonCanonicalEncodingsAreRefused() {
        // y = p + k for k = 0..18 and y = 2^255 - 1, with and without the sign bit
        return Stream.concat(
                        java.util.stream.IntStream.rangeClosed(0, 18)
                                .mapToObj(k -> EdwardsPoints.P.add(BigInteger.valueOf(k))),
                        Stream.of(BigInteger.TWO.pow(255).subtract(BigInteger.ONE)))
                .flatMap(y -> Stream.of(false, true).map(sign -> EdwardsPoints.encodeY(y, sign)))
                .map(encoded -> DynamicTest.dynamicTest(java.util.HexFormat.of().formatHex(encoded), () -> {
                    assertRefused("non_canonical_public_key", () -> Ed25519PublicKey.of(encoded));
                    assertRefused(
                            "non_canonical_r", () -> StrictEd25519.verify(KEY, MESSAGE, withR(SIGNATURE, encoded)));
                }));
    }

    @TestFactory
    Stream<DynamicTest> smallOrderPointsAreRefused() {
        return SMALL_ORDER.stream()
                .map(hex -> DynamicTest.dynamicTest(hex, () -> {
                    byte[] point = Vectors.hex(hex);
                    assertRefused("small_order_public_key", () -> Ed25519PublicKey.of(point));
                    // R of small order with S = 0 is the classic "zero signature" forgery for small-order keys
                    assertRefused(
                            "small_order_r",
                            () -> StrictEd25519.verify(KEY, MESSAGE, withS(withR(SIGNATURE, point), BigInteger.ZERO)));
                }));
    }

    @Test
    void smallOrderAIsRefusedEvenWhenTheEquationHolds() {
        // A = identity, R = identity, S = 0: [0]B = O + [k]O holds for every message
        byte[] identity = Vectors.hex(SMALL_ORDER.get(0));
        byte[] forged = new byte[64];
        System.arraycopy(identity, 0, forged, 0, 32);
        assertRefused(
                "small_order_public_key",
                () -> StrictEd25519.verify(identity, "anything".getBytes(StandardCharsets.UTF_8), forged));
    }

    @Test
    void pointsOffTheCurveAreRefused() {
        byte[] off = offCurve();
        assertRefused("public_key_not_on_curve", () -> Ed25519PublicKey.of(off));
        assertRefused("r_not_on_curve", () -> StrictEd25519.verify(KEY, MESSAGE, withR(SIGNATURE, off)));
    }

    @Test
    void mixedOrderPointsAreRefused() {
        byte[] mixedKey = mixedOrder(KEY);
        assertRefused("mixed_order_public_key", () -> Ed25519PublicKey.of(mixedKey));
        byte[] mixedR = mixedOrder(Arrays.copyOf(SIGNATURE, 32));
        assertRefused("mixed_order_r", () -> StrictEd25519.verify(KEY, MESSAGE, withR(SIGNATURE, mixedR)));
    }

    @Test
    void theTestHelperBuildsPointsThatBouncyCastleDecodes() {
        // guards the helper: adding the order-8 point eight times returns to the start
        EdwardsPoints.Point a = EdwardsPoints.decode(KEY).orElseThrow();
        EdwardsPoints.Point t =
                EdwardsPoints.decode(Vectors.hex(SMALL_ORDER.get(1))).orElseThrow();
        EdwardsPoints.Point sum = a;
        for (int i = 0; i < 8; i++) {
            sum = EdwardsPoints.add(sum, t);
        }
        assertEquals(
                java.util.HexFormat.of().formatHex(KEY),
                java.util.HexFormat.of().formatHex(EdwardsPoints.encode(sum)));
        assertTrue(org.bouncycastle.math.ec.rfc8032.Ed25519.validatePublicKeyPartial(mixedOrder(KEY), 0));
    }

    @Test
    void aFlippedSignatureBitIsAnInvalidSignature() {
        byte[] flipped = SIGNATURE.clone();
        flipped[40] ^= 1;
        assertRefused("invalid_signature", () -> StrictEd25519.verify(KEY, MESSAGE, flipped));
    }

    @Test
    void theKeyArrayIsCopied() throws AuthorityException {
        byte[] key = KEY.clone();
        Ed25519PublicKey pinned = Ed25519PublicKey.of(key);
        key[0] ^= 1;
        assertDoesNotThrow(() -> StrictEd25519.verify(pinned, MESSAGE, SIGNATURE));
        byte[] exposed = pinned.encoded();
        exposed[0] ^= 1;
        assertDoesNotThrow(() -> StrictEd25519.verify(pinned, MESSAGE, SIGNATURE));
    }
}

package org.praefectus.engine.authority;

import java.math.BigInteger;
import java.util.Optional;

/**
 * Slow, obvious edwards25519 arithmetic over {@link BigInteger}, independent of BouncyCastle, used only
 * to build the malformed points (mixed order, off the curve, non-canonical) that the tests feed to
 * {@link StrictEd25519}.
 */
final class EdwardsPoints {
    static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
    static final BigInteger D = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P))
            .mod(P);
    private static final BigInteger SQRT_MINUS_ONE =
            BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P);

    record Point(BigInteger x, BigInteger y) {}

    static final Point IDENTITY = new Point(BigInteger.ZERO, BigInteger.ONE);
    /** The base point B: y = 4/5, x even. */
    static final Point BASE = new Point(
            recoverX(
                            BigInteger.valueOf(4)
                                    .multiply(BigInteger.valueOf(5).modInverse(P))
                                    .mod(P),
                            false)
                    .orElseThrow(),
            BigInteger.valueOf(4).multiply(BigInteger.valueOf(5).modInverse(P)).mod(P));

    private EdwardsPoints() {}

    /** Decodes per RFC 8032 5.1.3 but without the y &lt; p check, so non-canonical inputs decode too. */
    static Optional<Point> decode(byte[] encoded) {
        byte[] be = new byte[32];
        for (int i = 0; i < 32; i++) {
            be[i] = encoded[31 - i];
        }
        boolean sign = (be[0] & 0x80) != 0;
        be[0] &= 0x7f;
        BigInteger y = new BigInteger(1, be).mod(P);
        Optional<BigInteger> x = recoverX(y, sign);
        return x.map(value -> new Point(value, y));
    }

    /** The x with the given sign for y, if y is on the curve. */
    static Optional<BigInteger> recoverX(BigInteger y, boolean sign) {
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger u = y2.subtract(BigInteger.ONE).mod(P);
        BigInteger v = D.multiply(y2).add(BigInteger.ONE).mod(P);
        BigInteger x2 = u.multiply(v.modInverse(P)).mod(P);
        BigInteger x = x2.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P);
        if (!x.multiply(x).mod(P).equals(x2)) {
            x = x.multiply(SQRT_MINUS_ONE).mod(P);
        }
        if (!x.multiply(x).mod(P).equals(x2)) {
            return Optional.empty();
        }
        if (x.signum() == 0 && sign) {
            return Optional.empty();
        }
        if (x.testBit(0) != sign) {
            x = P.subtract(x);
        }
        return Optional.of(x);
    }

    static Point add(Point a, Point b) {
        BigInteger xx = a.x().multiply(b.x()).mod(P);
        BigInteger yy = a.y().multiply(b.y()).mod(P);
        BigInteger dxxyy = D.multiply(xx).multiply(yy).mod(P);
        BigInteger x = a.x().multiply(b.y())
                .add(a.y().multiply(b.x()))
                .multiply(BigInteger.ONE.add(dxxyy).modInverse(P))
                .mod(P);
        BigInteger y = yy.add(xx)
                .multiply(BigInteger.ONE.subtract(dxxyy).mod(P).modInverse(P))
                .mod(P);
        return new Point(x, y);
    }

    /** [n]point by double-and-add; n &ge; 0. */
    static Point multiply(Point point, BigInteger n) {
        Point result = IDENTITY;
        for (int i = n.bitLength() - 1; i >= 0; i--) {
            result = add(result, result);
            if (n.testBit(i)) {
                result = add(result, point);
            }
        }
        return result;
    }

    static byte[] encode(Point point) {
        return encodeY(point.y(), point.x().testBit(0));
    }

    /** Encodes any 255-bit y, reduced or not, with the given sign bit. */
    static byte[] encodeY(BigInteger y, boolean sign) {
        byte[] out = new byte[32];
        byte[] be = y.toByteArray();
        for (int i = 0; i < be.length && i < 32; i++) {
            out[i] = be[be.length - 1 - i];
        }
        if (sign) {
            out[31] |= (byte) 0x80;
        }
        return out;
    }
}

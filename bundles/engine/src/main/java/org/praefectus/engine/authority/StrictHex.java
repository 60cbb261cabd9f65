package org.praefectus.engine.authority;

/**
 * Hex decoding for keys and signatures with a fixed expected length.
 *
 * <p>Both letter cases are accepted, as the reference does (its request check is
 * {@code is_ascii_hexdigit} and it decodes with {@code hex::decode}), so every signature the reference
 * accepts decodes here too. Nothing else is tolerated: no whitespace, no {@code 0x} prefix, no
 * separators. A length mismatch is reported with the caller's length error, so a truncated signature
 * reads as {@code bad_signature_length}, not as a hex problem.
 */
final class StrictHex {
    private StrictHex() {}

    static byte[] decode(String text, int expectedBytes, AuthorityError lengthError) throws AuthorityException {
        if (text == null) {
            throw new AuthorityException(AuthorityError.MISSING_INPUT);
        }
        if (text.length() % 2 != 0) {
            throw new AuthorityException(AuthorityError.INVALID_HEX);
        }
        byte[] bytes = new byte[text.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            int high = nibble(text.charAt(2 * i));
            int low = nibble(text.charAt(2 * i + 1));
            if (high < 0 || low < 0) {
                throw new AuthorityException(AuthorityError.INVALID_HEX);
            }
            bytes[i] = (byte) ((high << 4) | low);
        }
        if (bytes.length != expectedBytes) {
            throw new AuthorityException(lengthError);
        }
        return bytes;
    }

    private static int nibble(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}

package org.praefectus.api.canonical;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 as lowercase hex, the form every protocol hash takes. */
public final class Sha256 {

    private Sha256() {}

    /** The lowercase hex SHA-256 of {@code bytes}. */
    public static String hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException impossible) {
            // every Java platform must provide SHA-256 (java.security.MessageDigest javadoc)
            throw new IllegalStateException(impossible);
        }
    }

    /** Whether {@code value} is a protocol hash: exactly 64 lowercase hex digits. */
    public static boolean isHash(String value) {
        if (value == null || value.length() != 64) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }
}

package org.praefectus.api.protocol;

import java.util.List;
import java.util.Objects;

/** Constructor checks shared by the records, each failing with the code a parser reports. */
final class Checks {

    static final long U32_MAX = 0xffff_ffffL;

    private Checks() {}

    static <T> T present(T value, String field) {
        if (value == null) {
            throw new ProtocolViolation(ProtocolErrorCode.MISSING_FIELD, field + " is required");
        }
        return value;
    }

    static int u16(int value, String field) {
        if (value < 0 || value > 0xffff) {
            throw new ProtocolViolation(ProtocolErrorCode.OUT_OF_RANGE, field + " must be a u16");
        }
        return value;
    }

    static long u32(long value, String field) {
        if (value < 0 || value > U32_MAX) {
            throw new ProtocolViolation(ProtocolErrorCode.OUT_OF_RANGE, field + " must be a u32");
        }
        return value;
    }

    static long u64(long value, String field) {
        if (value < 0) {
            throw new ProtocolViolation(ProtocolErrorCode.OUT_OF_RANGE, field + " must be a u64");
        }
        return value;
    }

    /** The wire types of a pointer path's pace: {@code duration_ms} a u64, {@code steps} a u32, each optional. */
    static void pace(Long durationMs, Long steps) {
        if (durationMs != null) {
            u64(durationMs, "duration_ms");
        }
        if (steps != null) {
            u32(steps, "steps");
        }
    }

    /** 64 lowercase hex digits, the reference's {@code semantic_hash}. */
    static String hash(String value, String field) {
        present(value, field);
        if (!org.praefectus.api.canonical.Sha256.isHash(value)) {
            throw new ProtocolViolation(ProtocolErrorCode.INVALID_HEX, field + " must be 64 lowercase hex digits");
        }
        return value;
    }

    /** Hex of an exact length in either case, the reference's {@code is_ascii_hexdigit} check. */
    static boolean isHex(String value, int length) {
        if (value == null || value.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (Character.digit(value.charAt(i), 16) < 0 || value.charAt(i) > 'f') {
                return false;
            }
        }
        return true;
    }

    /** 1..256 bytes of ASCII letters, digits, '-', '_' or ':', the reference's {@code valid_identifier}. */
    static boolean isIdentifier(String value) {
        if (value == null || value.isEmpty() || value.length() > 256) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '_'
                    || c == ':';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /**
     * The reference's {@code valid_text}: UTF-8 length within bounds, no control character, not blank.
     */
    static boolean isText(String value, int minBytes, int maxBytes) {
        if (value == null) {
            return false;
        }
        int bytes = utf8Length(value);
        if (bytes < minBytes || bytes > maxBytes || value.strip().isEmpty()) {
            return false;
        }
        return value.codePoints().noneMatch(Character::isISOControl);
    }

    static int utf8Length(String value) {
        return value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    static <T> List<T> list(List<T> values, String field) {
        present(values, field);
        values.forEach(value -> Objects.requireNonNull(value, field + " element"));
        return List.copyOf(values);
    }
}

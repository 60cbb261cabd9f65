package org.praefectus.api.canonical;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Writes JSON the way the reference's {@code serde_json} does: compact, object keys sorted by their UTF-8
 * bytes (serde_json's map is a {@code BTreeMap<String, _>}), only quote, backslash and control characters
 * escaped ({@code \b \f \n \r \t} short, the rest as lowercase backslash-u00xx), everything else raw UTF-8.
 * These bytes are what action hashes and grant signatures cover, so they must not drift.
 */
public final class CanonicalJson {

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    /**
     * Keys in UTF-8 byte order, which is code point order. UTF-16 order differs from it only where a surrogate
     * (half of a code point above U+FFFF) meets a unit above U+DFFF: surrogates sort after every other unit.
     */
    private static final Comparator<String> UTF8_ORDER = (a, b) -> {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                return Integer.compare(codePointRank(x), codePointRank(y));
            }
        }
        return Integer.compare(a.length(), b.length());
    };

    private CanonicalJson() {}

    /** The canonical bytes of {@code value}: keys sorted. */
    public static byte[] canonical(JsonValue value) {
        Output out = new Output();
        write(value, out, true);
        return out.toByteArray();
    }

    /** The compact bytes of {@code value} with object members in their given order (wire form). */
    public static byte[] compact(JsonValue value) {
        Output out = new Output();
        write(value, out, false);
        return out.toByteArray();
    }

    /** The SHA-256 hex of the canonical bytes. */
    public static String hash(JsonValue value) {
        return Sha256.hex(canonical(value));
    }

    private static int codePointRank(char unit) {
        return Character.isSurrogate(unit) ? unit + 0x10000 : unit;
    }

    private static void write(JsonValue value, Output out, boolean sorted) {
        writeNonNull(java.util.Objects.requireNonNull(value, "value"), out, sorted);
    }

    private static void writeNonNull(JsonValue value, Output out, boolean sorted) {
        if (value instanceof JsonValue.JsonObject object) {
            Map<String, JsonValue> members = object.members();
            Iterable<String> keys = members.keySet();
            if (sorted && members.size() > 1) {
                List<String> ordered = new ArrayList<>(members.keySet());
                ordered.sort(UTF8_ORDER);
                keys = ordered;
            }
            out.write('{');
            boolean first = true;
            for (String key : keys) {
                if (!first) {
                    out.write(',');
                }
                first = false;
                writeString(key, out);
                out.write(':');
                writeNonNull(members.get(key), out, sorted);
            }
            out.write('}');
        } else if (value instanceof JsonValue.JsonArray array) {
            out.write('[');
            boolean first = true;
            for (JsonValue element : array.elements()) {
                if (!first) {
                    out.write(',');
                }
                first = false;
                writeNonNull(element, out, sorted);
            }
            out.write(']');
        } else if (value instanceof JsonValue.JsonString string) {
            writeString(string.value(), out);
        } else if (value instanceof JsonValue.JsonNumber number) {
            out.writeAscii(number.value().toString());
        } else if (value instanceof JsonValue.JsonBoolean bool) {
            out.writeAscii(bool.value() ? "true" : "false");
        } else {
            out.writeAscii("null");
        }
    }

    /**
     * Writes a string as UTF-8 between quotes, escaping as serde_json does. A lone surrogate cannot come from
     * strict parsing; a Java caller that builds one gets an error instead of a silently substituted '?',
     * which would hash something the caller never wrote.
     */
    private static void writeString(String value, Output out) {
        out.write('"');
        int length = value.length();
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                out.write(c);
            } else if (c < 0x80) {
                writeEscape(c, out);
            } else if (c < 0x800) {
                out.write(0xC0 | c >> 6);
                out.write(0x80 | (c & 0x3F));
            } else if (!Character.isSurrogate(c)) {
                out.write(0xE0 | c >> 12);
                out.write(0x80 | (c >> 6 & 0x3F));
                out.write(0x80 | (c & 0x3F));
            } else {
                if (!Character.isHighSurrogate(c)
                        || i + 1 >= length
                        || !Character.isLowSurrogate(value.charAt(i + 1))) {
                    throw new IllegalArgumentException("string contains a lone surrogate");
                }
                int codePoint = Character.toCodePoint(c, value.charAt(++i));
                out.write(0xF0 | codePoint >> 18);
                out.write(0x80 | (codePoint >> 12 & 0x3F));
                out.write(0x80 | (codePoint >> 6 & 0x3F));
                out.write(0x80 | (codePoint & 0x3F));
            }
        }
        out.write('"');
    }

    private static void writeEscape(char c, Output out) {
        out.write('\\');
        switch (c) {
            case '"' -> out.write('"');
            case '\\' -> out.write('\\');
            case '\b' -> out.write('b');
            case '\f' -> out.write('f');
            case '\n' -> out.write('n');
            case '\r' -> out.write('r');
            case '\t' -> out.write('t');
            default -> {
                out.write('u');
                out.write('0');
                out.write('0');
                out.write(HEX[c >> 4]);
                out.write(HEX[c & 0xf]);
            }
        }
    }

    /** A growable byte array without the locking of {@link java.io.ByteArrayOutputStream}. */
    private static final class Output {

        private byte[] bytes = new byte[256];
        private int size;

        void write(int b) {
            if (size == bytes.length) {
                bytes = Arrays.copyOf(bytes, bytes.length * 2);
            }
            bytes[size++] = (byte) b;
        }

        void writeAscii(String text) {
            for (int i = 0; i < text.length(); i++) {
                write(text.charAt(i));
            }
        }

        byte[] toByteArray() {
            return Arrays.copyOf(bytes, size);
        }
    }
}

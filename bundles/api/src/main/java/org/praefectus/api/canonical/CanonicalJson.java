package org.praefectus.api.canonical;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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

    private CanonicalJson() {
    }

    /** The canonical bytes of {@code value}: keys sorted. */
    public static byte[] canonical(JsonValue value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(value, out, true);
        return out.toByteArray();
    }

    /** The compact bytes of {@code value} with object members in their given order (wire form). */
    public static byte[] compact(JsonValue value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(value, out, false);
        return out.toByteArray();
    }

    /** The SHA-256 hex of the canonical bytes. */
    public static String hash(JsonValue value) {
        return Sha256.hex(canonical(value));
    }

    private static void write(JsonValue value, ByteArrayOutputStream out, boolean sorted) {
        writeNonNull(java.util.Objects.requireNonNull(value, "value"), out, sorted);
    }

    private static void writeNonNull(JsonValue value, ByteArrayOutputStream out, boolean sorted) {
        if (value instanceof JsonValue.JsonObject object) {
            List<Map.Entry<String, JsonValue>> members = new ArrayList<>(object.members().entrySet());
            if (sorted) {
                members.sort((a, b) -> Arrays.compareUnsigned(utf8(a.getKey()), utf8(b.getKey())));
            }
            out.write('{');
            boolean first = true;
            for (Map.Entry<String, JsonValue> member : members) {
                if (!first) {
                    out.write(',');
                }
                first = false;
                writeString(member.getKey(), out);
                out.write(':');
                writeNonNull(member.getValue(), out, sorted);
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
            out.writeBytes(number.value().toString().getBytes(StandardCharsets.US_ASCII));
        } else if (value instanceof JsonValue.JsonBoolean bool) {
            out.writeBytes((bool.value() ? "true" : "false").getBytes(StandardCharsets.US_ASCII));
        } else {
            out.writeBytes("null".getBytes(StandardCharsets.US_ASCII));
        }
    }

    private static void writeString(String value, ByteArrayOutputStream out) {
        out.write('"');
        for (byte b : utf8(value)) {
            int c = b & 0xff;
            switch (c) {
                case '"' -> out.writeBytes(new byte[] {'\\', '"'});
                case '\\' -> out.writeBytes(new byte[] {'\\', '\\'});
                case '\b' -> out.writeBytes(new byte[] {'\\', 'b'});
                case '\f' -> out.writeBytes(new byte[] {'\\', 'f'});
                case '\n' -> out.writeBytes(new byte[] {'\\', 'n'});
                case '\r' -> out.writeBytes(new byte[] {'\\', 'r'});
                case '\t' -> out.writeBytes(new byte[] {'\\', 't'});
                default -> {
                    if (c < 0x20) {
                        out.writeBytes(new byte[] {'\\', 'u', '0', '0', HEX[c >> 4], HEX[c & 0xf]});
                    } else {
                        out.write(c);
                    }
                }
            }
        }
        out.write('"');
    }

    private static byte[] utf8(String value) {
        // a lone surrogate cannot come from strict parsing; a Java caller that builds one gets an error
        // instead of a silently substituted '?', which would hash something the caller never wrote
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(i + 1))) {
                    throw new IllegalArgumentException("string contains a lone surrogate");
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                throw new IllegalArgumentException("string contains a lone surrogate");
            }
        }
        return value.getBytes(StandardCharsets.UTF_8);
    }
}

package org.praefectus.api.protocol;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.praefectus.api.canonical.JsonValue;

/**
 * Reads one JSON object the way serde's {@code deny_unknown_fields} derive does: required fields must be
 * present, {@code Option} fields may be absent or {@code null}, and {@link #finish()} rejects any field no
 * getter asked for.
 */
final class JsonFields {

    private final JsonValue.JsonObject object;
    private final String type;
    private final Set<String> read = new HashSet<>();

    private JsonFields(JsonValue.JsonObject object, String type) {
        this.object = object;
        this.type = type;
    }

    static JsonFields of(JsonValue value, String type) throws ProtocolException {
        if (!(value instanceof JsonValue.JsonObject object)) {
            throw new ProtocolException(ProtocolErrorCode.WRONG_TYPE, type + " must be a JSON object");
        }
        return new JsonFields(object, type);
    }

    JsonValue required(String field) throws ProtocolException {
        read.add(field);
        JsonValue value = object.members().get(field);
        if (value == null) {
            throw new ProtocolException(ProtocolErrorCode.MISSING_FIELD, type + "." + field + " is required");
        }
        return value;
    }

    /** An {@code Option} field: absent and {@code null} both mean none. */
    JsonValue optional(String field) {
        read.add(field);
        JsonValue value = object.members().get(field);
        return value instanceof JsonValue.JsonNull ? null : value;
    }

    String string(String field) throws ProtocolException {
        return asString(required(field), field);
    }

    String optionalString(String field) throws ProtocolException {
        JsonValue value = optional(field);
        return value == null ? null : asString(value, field);
    }

    boolean bool(String field) throws ProtocolException {
        if (required(field) instanceof JsonValue.JsonBoolean bool) {
            return bool.value();
        }
        throw wrongType(field, "a boolean");
    }

    /** An optional boolean: absent and {@code null} both mean {@code false}. */
    boolean optionalBool(String field) throws ProtocolException {
        JsonValue value = optional(field);
        if (value == null) {
            return false;
        }
        if (value instanceof JsonValue.JsonBoolean bool) {
            return bool.value();
        }
        throw wrongType(field, "a boolean");
    }

    int u16(String field) throws ProtocolException {
        return (int) integer(required(field), field, BigInteger.ZERO, BigInteger.valueOf(0xffff), "u16");
    }

    long u32(String field) throws ProtocolException {
        return integer(required(field), field, BigInteger.ZERO, BigInteger.valueOf(Checks.U32_MAX), "u32");
    }

    /** A u64 that fits a Java long; larger values are rejected rather than wrapped. */
    long u64(String field) throws ProtocolException {
        return u64(required(field), field);
    }

    Long optionalU32(String field) throws ProtocolException {
        JsonValue value = optional(field);
        return value == null ? null : integer(value, field, BigInteger.ZERO, BigInteger.valueOf(Checks.U32_MAX), "u32");
    }

    Long optionalU64(String field) throws ProtocolException {
        JsonValue value = optional(field);
        return value == null ? null : u64(value, field);
    }

    long i64(String field) throws ProtocolException {
        return integer(
                required(field), field, BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE), "i64");
    }

    List<String> strings(String field) throws ProtocolException {
        List<String> values = new ArrayList<>();
        for (JsonValue element : array(field)) {
            values.add(asString(element, field));
        }
        return values;
    }

    List<JsonValue> array(String field) throws ProtocolException {
        if (required(field) instanceof JsonValue.JsonArray array) {
            return array.elements();
        }
        throw wrongType(field, "an array");
    }

    <E extends Enum<E>> E enumValue(String field, Class<E> type) throws ProtocolException {
        return enumOf(required(field), field, type);
    }

    /** Rejects every field that no getter read. */
    void finish() throws ProtocolException {
        for (String key : object.members().keySet()) {
            if (!read.contains(key)) {
                throw new ProtocolException(ProtocolErrorCode.UNKNOWN_FIELD, type + " has an unknown field");
            }
        }
    }

    static <E extends Enum<E>> E enumOf(JsonValue value, String field, Class<E> type) throws ProtocolException {
        if (!(value instanceof JsonValue.JsonString string)) {
            throw new ProtocolException(ProtocolErrorCode.WRONG_TYPE, field + " must be a string");
        }
        for (E candidate : type.getEnumConstants()) {
            if (candidate.name().toLowerCase(Locale.ROOT).equals(string.value())) {
                return candidate;
            }
        }
        throw new ProtocolException(ProtocolErrorCode.UNKNOWN_KIND, field + " has an unknown value");
    }

    private long u64(JsonValue value, String field) throws ProtocolException {
        return integer(value, field, BigInteger.ZERO, BigInteger.valueOf(Long.MAX_VALUE), "u64");
    }

    private static String asString(JsonValue value, String field) throws ProtocolException {
        if (value instanceof JsonValue.JsonString string) {
            return string.value();
        }
        throw new ProtocolException(ProtocolErrorCode.WRONG_TYPE, field + " must be a string");
    }

    private static long integer(JsonValue value, String field, BigInteger min, BigInteger max, String kind)
            throws ProtocolException {
        if (!(value instanceof JsonValue.JsonNumber number)) {
            throw new ProtocolException(ProtocolErrorCode.WRONG_TYPE, field + " must be an integer");
        }
        if (number.value().compareTo(min) < 0 || number.value().compareTo(max) > 0) {
            throw new ProtocolException(ProtocolErrorCode.OUT_OF_RANGE, field + " must fit " + kind);
        }
        return number.value().longValueExact();
    }

    private ProtocolException wrongType(String field, String expected) {
        return new ProtocolException(ProtocolErrorCode.WRONG_TYPE, type + "." + field + " must be " + expected);
    }
}

package org.praefectus.api.canonical;

import static java.util.Objects.requireNonNull;

import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON value. Numbers are integers only: the protocol carries no fractions, and a fraction's canonical
 * text is not portable between the Rust reference and the JDK, so a hash over one could not be shared.
 */
public sealed interface JsonValue {

    /** Smallest integer the reference accepts (i64). */
    BigInteger MIN_INTEGER = BigInteger.valueOf(Long.MIN_VALUE);
    /** Largest integer the reference accepts (u64). */
    BigInteger MAX_INTEGER = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** The JSON {@code null}. */
    // Public API since 1.0.0, so it stays. JsonNull has no static state and the codebase only reaches it
    // through this constant, so no thread starts with JsonNull while another initialises JsonValue.
    @SuppressWarnings("ClassInitializationDeadlock")
    JsonNull NULL = new JsonNull();

    /**
     * This tree as plain maps (in member order), lists, strings, {@link BigInteger}s, booleans and nulls, for
     * writers such as Jackson that serialise such values as they are: field names stay as the protocol writes
     * them.
     */
    default Object toPlain() {
        if (this instanceof JsonObject object) {
            Map<String, Object> members = new LinkedHashMap<>();
            object.members().forEach((key, member) -> members.put(key, member.toPlain()));
            return members;
        }
        if (this instanceof JsonArray array) {
            return array.elements().stream().map(JsonValue::toPlain).collect(java.util.stream.Collectors.toList());
        }
        if (this instanceof JsonString string) {
            return string.value();
        }
        if (this instanceof JsonNumber number) {
            return number.value();
        }
        if (this instanceof JsonBoolean bool) {
            return bool.value();
        }
        return null;
    }

    /** A JSON object; members keep their insertion order, the canonical writer sorts them. */
    record JsonObject(Map<String, JsonValue> members) implements JsonValue {
        public JsonObject {
            members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
            members.forEach((key, value) -> {
                requireNonNull(key, "key");
                requireNonNull(value, "value of " + key);
            });
        }

        /** A builder that keeps members in the order they are added. */
        public static Builder builder() {
            return new Builder();
        }

        /** Collects members in order. */
        public static final class Builder {
            private final Map<String, JsonValue> members = new LinkedHashMap<>();

            private Builder() {}

            /** Adds a member; a repeated key is a programming error. */
            public Builder put(String key, JsonValue value) {
                if (members.putIfAbsent(key, requireNonNull(value, key)) != null) {
                    throw new IllegalArgumentException("duplicate key " + key);
                }
                return this;
            }

            /** Adds a string member, or {@code null} when the value is absent. */
            public Builder put(String key, String value) {
                return put(key, value == null ? NULL : new JsonString(value));
            }

            /** Adds an integer member. */
            public Builder put(String key, long value) {
                return put(key, JsonNumber.of(value));
            }

            /** Adds a boolean member. */
            public Builder put(String key, boolean value) {
                return put(key, JsonBoolean.of(value));
            }

            /** The object built so far. */
            public JsonObject build() {
                return new JsonObject(members);
            }
        }
    }

    /** A JSON array. */
    record JsonArray(List<JsonValue> elements) implements JsonValue {
        public JsonArray {
            elements = List.copyOf(elements);
        }
    }

    /** A JSON string. */
    record JsonString(String value) implements JsonValue {
        public JsonString {
            requireNonNull(value, "value");
        }
    }

    /** A JSON integer in the range the reference accepts, i64 minimum to u64 maximum. */
    record JsonNumber(BigInteger value) implements JsonValue {
        public JsonNumber {
            requireNonNull(value, "value");
            if (value.compareTo(MIN_INTEGER) < 0 || value.compareTo(MAX_INTEGER) > 0) {
                throw new IllegalArgumentException("integer out of range");
            }
        }

        /** The number for a Java long. */
        public static JsonNumber of(long value) {
            return new JsonNumber(BigInteger.valueOf(value));
        }
    }

    /** A JSON boolean. */
    record JsonBoolean(boolean value) implements JsonValue {
        /** The JSON {@code true}. */
        public static final JsonBoolean TRUE = new JsonBoolean(true);
        /** The JSON {@code false}. */
        public static final JsonBoolean FALSE = new JsonBoolean(false);

        /** The shared instance for a boolean. */
        public static JsonBoolean of(boolean value) {
            return value ? TRUE : FALSE;
        }
    }

    /** The JSON {@code null}; use {@link JsonValue#NULL}. */
    record JsonNull() implements JsonValue {}
}

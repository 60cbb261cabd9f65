package org.praefectus.api.protocol;

import java.util.Locale;

/** Why protocol input was refused. {@link #code()} is the stable snake_case form used on every surface. */
public enum ProtocolErrorCode {
    /** Not strict JSON (syntax, UTF-8, lone surrogate, trailing data). */
    INVALID_JSON,
    /** An object repeats a key. */
    DUPLICATE_KEY,
    /** The input is larger than the bound for its type. */
    INPUT_TOO_LARGE,
    /** The input nests deeper than the parser allows. */
    TOO_DEEP,
    /** A number has a fraction or exponent, or is {@code -0}: floats to the reference, which no field here takes. */
    UNSUPPORTED_NUMBER,
    /** A number does not fit the field's type (u16, u32, u64, i64). */
    OUT_OF_RANGE,
    /** An object carries a field the type does not declare. */
    UNKNOWN_FIELD,
    /** A required field is absent. */
    MISSING_FIELD,
    /** A {@code kind} or enum value is not one the protocol defines. */
    UNKNOWN_KIND,
    /** A field has the wrong JSON type. */
    WRONG_TYPE,
    /** A protocol, action, target or verification version is not the supported one. */
    UNSUPPORTED_VERSION,
    /** A hash or hex field is not the expected hex. */
    INVALID_HEX,
    /** The authority signature is not 64 bytes of hex. */
    INVALID_SIGNATURE,
    /** An operation, subject, session, issuer, key or policy identifier is malformed. */
    INVALID_IDENTIFIER,
    /** Action parameters are out of bounds or do not fit the target. */
    INVALID_ACTION,
    /** A target or its provenance is malformed. */
    INVALID_TARGET,
    /** A verification policy is malformed, too large, or does not fit the action. */
    INVALID_VERIFICATION,
    /** A semantic or coordinate observation breaks its bounds. */
    INVALID_OBSERVATION,
    /** An observation has expired or lies in the future. */
    STALE_OBSERVATION,
    /** A target no longer matches its observation. */
    STALE_TARGET,
    /** No element carries the requested tag or identity. */
    TARGET_NOT_FOUND,
    /** Any other value that breaks a documented invariant. */
    INVALID_VALUE;

    /** The stable snake_case code, for example {@code unknown_field}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The code for a {@link org.praefectus.api.canonical.JsonFormatException#code()}. */
    static ProtocolErrorCode fromCode(String code) {
        for (ProtocolErrorCode candidate : values()) {
            if (candidate.code().equals(code)) {
                return candidate;
            }
        }
        return INVALID_JSON;
    }
}

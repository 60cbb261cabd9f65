package org.praefectus.engine.authority;

/**
 * Why authority material was refused. Each constant carries a stable snake_case {@link #code()} that
 * surfaces, receipts and tests may rely on; the Java names may change, the codes may not.
 */
public enum AuthorityError {
    /** A required argument was null. */
    MISSING_INPUT("missing_input"),
    /** Text that should be hexadecimal has an odd length or a character outside {@code 0-9a-fA-F}. */
    INVALID_HEX("invalid_hex"),
    /** A public key is not exactly 32 bytes (64 hex characters). */
    BAD_PUBLIC_KEY_LENGTH("bad_public_key_length"),
    /** A signature is not exactly 64 bytes (128 hex characters). */
    BAD_SIGNATURE_LENGTH("bad_signature_length"),
    /** The public key encodes a y coordinate that is not reduced modulo p (y &ge; 2^255 - 19). */
    NON_CANONICAL_PUBLIC_KEY("non_canonical_public_key"),
    /** The public key is one of the eight points of small order (a torsion point). */
    SMALL_ORDER_PUBLIC_KEY("small_order_public_key"),
    /** The public key's y coordinate has no matching x on edwards25519. */
    PUBLIC_KEY_NOT_ON_CURVE("public_key_not_on_curve"),
    /** The public key lies outside the prime-order subgroup (it has a torsion component). */
    MIXED_ORDER_PUBLIC_KEY("mixed_order_public_key"),
    /** The signature scalar S is not below the group order L. */
    NON_CANONICAL_S("non_canonical_s"),
    /** The signature point R encodes a y coordinate that is not reduced modulo p. */
    NON_CANONICAL_R("non_canonical_r"),
    /** The signature point R is a point of small order. */
    SMALL_ORDER_R("small_order_r"),
    /** The signature point R's y coordinate has no matching x on edwards25519. */
    R_NOT_ON_CURVE("r_not_on_curve"),
    /** The signature point R lies outside the prime-order subgroup. */
    MIXED_ORDER_R("mixed_order_r"),
    /** Every encoding is well formed, but the verification equation does not hold. */
    INVALID_SIGNATURE("invalid_signature"),
    /** An issuer, key id or policy generation breaks the identifier rule of {@link AuthorityIdentifier}. */
    INVALID_IDENTIFIER("invalid_identifier"),
    /** Two pinned keys share one (issuer, key id) pair; the keyring refuses to choose between them. */
    DUPLICATE_ISSUER_KEY("duplicate_issuer_key"),
    /** No key is pinned for the (issuer, key id) pair a grant names. */
    UNKNOWN_ISSUER_KEY("unknown_issuer_key"),
    /** A configured key entry is not {@code issuer:key_id:policy_generation:hex_public_key}. */
    MALFORMED_KEY_ENTRY("malformed_key_entry");

    private final String code;

    AuthorityError(String code) {
        this.code = code;
    }

    /** The stable snake_case code, for example {@code unknown_issuer_key}. */
    public String code() {
        return code;
    }
}

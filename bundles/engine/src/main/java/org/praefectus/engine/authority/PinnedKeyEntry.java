package org.praefectus.engine.authority;

/**
 * Parses one entry of {@link AuthorityConfig#keys()}:
 * {@code issuer:key_id:policy_generation:hex_public_key}.
 *
 * <p>The entry must split on {@code :} into exactly four fields. Identifiers may contain {@code :}
 * under the reference's rule, but such an entry could be split in more than one way, so it is refused
 * ({@code malformed_key_entry}) rather than guessed at; keys with such identifiers can still be pinned
 * through {@link PinnedKeyring}'s constructor. No trimming: configuration that carries stray
 * whitespace is refused, not repaired.
 */
final class PinnedKeyEntry {
    private static final int FIELDS = 4;

    private PinnedKeyEntry() {}

    static PinnedKey parse(String entry) throws AuthorityException {
        if (entry == null) {
            throw new AuthorityException(AuthorityError.MISSING_INPUT);
        }
        // limit -1 keeps empty trailing fields, so "a:b:c:" is four fields with an empty key, not three
        String[] fields = entry.split(":", -1);
        if (fields.length != FIELDS) {
            throw new AuthorityException(AuthorityError.MALFORMED_KEY_ENTRY);
        }
        return PinnedKey.of(fields[0], fields[1], fields[2], fields[3]);
    }
}

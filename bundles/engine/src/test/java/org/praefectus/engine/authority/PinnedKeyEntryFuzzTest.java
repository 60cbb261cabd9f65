package org.praefectus.engine.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The pinned keys are the trust anchor every grant is checked against, given as configuration entries
 * {@code issuer:key_id:policy_generation:hex_public_key}: for any text the entry either parses to a key that
 * passed every Ed25519 check or is refused with {@link AuthorityException}, never another exception (which
 * would keep the verifier from starting). A key that parses is written back as exactly its entry (hex in
 * lower case) and parses to the same key.
 */
class PinnedKeyEntryFuzzTest {

    @FuzzTest
    void parse(byte[] input) {
        String entry = new String(input, StandardCharsets.UTF_8);
        PinnedKey key;
        try {
            key = PinnedKeyEntry.parse(entry);
        } catch (AuthorityException expected) {
            return;
        }
        String written = key.issuer() + ":" + key.keyId() + ":" + key.policyGeneration() + ":"
                + key.publicKey().hex();
        // nothing repaired: the entry as given, apart from the case of its hex digits
        int lastColon = entry.lastIndexOf(':');
        assertEquals(
                entry.substring(0, lastColon + 1)
                        + entry.substring(lastColon + 1).toLowerCase(Locale.ROOT),
                written);
        try {
            assertEquals(key, PinnedKeyEntry.parse(written));
        } catch (AuthorityException e) {
            throw new AssertionError("a pinned key that parsed does not parse again once written", e);
        }
    }
}

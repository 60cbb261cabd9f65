package org.praefectus.engine.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.annotation.Annotation;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PinnedKeyEntryTest {
    private static final String KEY_1 = PinnedKeyringTest.KEY_1;
    private static final String KEY_2 = PinnedKeyringTest.KEY_2;

    /** What ConfigAdmin and DS would hand a component; the annotation type is implemented directly. */
    private static AuthorityConfig config(String... keys) {
        return new AuthorityConfig() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return AuthorityConfig.class;
            }

            @Override
            public String[] keys() {
                return keys;
            }
        };
    }

    private static String refusal(Executable call) {
        return assertThrows(AuthorityException.class, call).code();
    }

    @Test
    void anEntryIsIssuerKeyIdPolicyGenerationAndKey() throws AuthorityException {
        PinnedKey key = PinnedKeyEntry.parse("host:key-2026-11:policy-3:" + KEY_1);
        assertEquals("host", key.issuer());
        assertEquals("key-2026-11", key.keyId());
        assertEquals("policy-3", key.policyGeneration());
        assertEquals(KEY_1, key.publicKey().hex());
        assertEquals(
                KEY_1,
                PinnedKeyEntry.parse("host:k:p:" + KEY_1.toUpperCase(Locale.ROOT))
                        .publicKey()
                        .hex());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "host",
                "host:key:" + KEY_1,
                "uid:1000:key:policy:" + KEY_1,
                "host:key:policy:" + KEY_1 + ":",
            })
    void anythingButFourFieldsIsMalformed(String entry) {
        assertEquals("malformed_key_entry", refusal(() -> PinnedKeyEntry.parse(entry)));
    }

    @Test
    void eachFieldIsValidatedWithItsOwnCode() {
        assertEquals("invalid_identifier", refusal(() -> PinnedKeyEntry.parse(":key:policy:" + KEY_1)));
        assertEquals("invalid_identifier", refusal(() -> PinnedKeyEntry.parse(" host:key:policy:" + KEY_1)));
        assertEquals("invalid_identifier", refusal(() -> PinnedKeyEntry.parse("host.example:key:p:" + KEY_1)));
        assertEquals("invalid_identifier", refusal(() -> PinnedKeyEntry.parse("host::policy:" + KEY_1)));
        assertEquals("invalid_identifier", refusal(() -> PinnedKeyEntry.parse("host:key::" + KEY_1)));
        assertEquals("invalid_hex", refusal(() -> PinnedKeyEntry.parse("host:key:policy:" + KEY_1 + " ")));
        assertEquals("bad_public_key_length", refusal(() -> PinnedKeyEntry.parse("host:key:policy:")));
        assertEquals(
                "bad_public_key_length", refusal(() -> PinnedKeyEntry.parse("host:key:policy:" + KEY_1.substring(2))));
        assertEquals(
                "small_order_public_key",
                refusal(() -> PinnedKeyEntry.parse("host:key:policy:" + "01" + "00".repeat(31))));
        assertEquals("missing_input", refusal(() -> PinnedKeyEntry.parse(null)));
    }

    @Test
    void aConfigurationBecomesAKeyring() throws AuthorityException {
        PinnedKeyring keyring =
                PinnedKeyring.fromConfig(config("host:key-1:policy-3:" + KEY_1, "host:key-2:policy-3:" + KEY_2));
        assertEquals(2, keyring.size());
        keyring.verifyHex("host", "key-1", new byte[0], PinnedKeyringTest.SIGNATURE_1);
    }

    @Test
    void theDefaultConfigurationPinsNothing() throws AuthorityException {
        assertEquals(0, PinnedKeyring.fromConfig(config()).size());
    }

    @Test
    void oneBadEntryFailsTheWholeConfiguration() {
        assertEquals(
                "malformed_key_entry",
                refusal(() -> PinnedKeyring.fromConfig(config("host:key-1:policy-3:" + KEY_1, "garbage"))));
        assertEquals(
                "duplicate_issuer_key",
                refusal(() -> PinnedKeyring.fromConfig(
                        config("host:key-1:policy-3:" + KEY_1, "host:key-1:policy-4:" + KEY_2))));
        assertEquals("missing_input", refusal(() -> PinnedKeyring.fromConfig(config((String[]) null))));
        assertEquals("missing_input", refusal(() -> PinnedKeyring.fromConfig(null)));
    }

    @Test
    void thePidIsTheBundlesPackage() {
        assertEquals("org.praefectus.engine.authority", AuthorityConfig.PID);
    }
}

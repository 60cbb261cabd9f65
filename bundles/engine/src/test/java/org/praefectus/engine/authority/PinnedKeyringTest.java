package org.praefectus.engine.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class PinnedKeyringTest {
    /** RFC 8032 7.1 TEST 1 and TEST 2 public keys. */
    static final String KEY_1 = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";

    static final String KEY_2 = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c";
    /** TEST 1's signature over the empty message. */
    static final String SIGNATURE_1 = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
            + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";

    private static String refusal(Executable call) {
        return assertThrows(AuthorityException.class, call).code();
    }

    private static PinnedKeyring keyring() throws AuthorityException {
        return new PinnedKeyring(List.of(
                PinnedKey.of("host", "key-1", "policy-3", KEY_1), PinnedKey.of("host", "key-2", "policy-3", KEY_2)));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"host.example", "host example", "host/1", "h\u00f6st", "host\n", "key@1", "\u0000"})
    void invalidIdentifiersAreRefusedEverywhere(String bad) {
        assertEquals("invalid_identifier", refusal(() -> PinnedKey.of(bad, "key-1", "policy-3", KEY_1)));
        assertEquals("invalid_identifier", refusal(() -> PinnedKey.of("host", bad, "policy-3", KEY_1)));
        assertEquals("invalid_identifier", refusal(() -> PinnedKey.of("host", "key-1", bad, KEY_1)));
        assertEquals(
                "invalid_identifier",
                refusal(() -> keyring().verify(bad, "key-1", new byte[0], Vectors.hex(SIGNATURE_1))));
        assertEquals(
                "invalid_identifier",
                refusal(() -> keyring().verify("host", bad, new byte[0], Vectors.hex(SIGNATURE_1))));
    }

    @Test
    void theIdentifierRuleIsTheReferences() {
        assertTrue(AuthorityIdentifier.isValid("uid:1000"));
        assertTrue(AuthorityIdentifier.isValid("Key_2026-11"));
        assertTrue(AuthorityIdentifier.isValid("a".repeat(256)));
        assertFalse(AuthorityIdentifier.isValid("a".repeat(257)));
    }

    @Test
    void theRecordConstructorsAlsoRefuseInvalidIdentifiers() {
        assertThrows(IllegalArgumentException.class, () -> new IssuerKeyId("host.example", "key"));
        assertThrows(
                IllegalArgumentException.class,
                () -> new PinnedKey(new IssuerKeyId("host", "key"), "", Ed25519PublicKey.fromHex(KEY_1)));
    }

    @Test
    void aDuplicateIssuerAndKeyIdIsRefusedInsteadOfChoosingOne() throws AuthorityException {
        PinnedKey first = PinnedKey.of("host", "key-1", "policy-3", KEY_1);
        PinnedKey sameIdOtherKey = PinnedKey.of("host", "key-1", "policy-4", KEY_2);
        assertEquals("duplicate_issuer_key", refusal(() -> new PinnedKeyring(List.of(first, sameIdOtherKey))));
        assertEquals("duplicate_issuer_key", refusal(() -> new PinnedKeyring(List.of(first, first))));
    }

    @Test
    void oneKeyMayServeSeveralIssuerKeyIds() throws AuthorityException {
        PinnedKeyring keyring = new PinnedKeyring(
                List.of(PinnedKey.of("host-a", "key", "p", KEY_1), PinnedKey.of("host-b", "key", "p", KEY_1)));
        assertEquals(2, keyring.size());
    }

    @Test
    void nullsAreMissingInput() {
        assertEquals("missing_input", refusal(() -> new PinnedKeyring(null)));
        assertEquals("missing_input", refusal(() -> new PinnedKeyring(Arrays.asList((PinnedKey) null))));
    }

    @Test
    void lookupIsByIssuerAndKeyId() throws AuthorityException {
        PinnedKeyring keyring = keyring();
        assertEquals(
                KEY_2, keyring.lookup("host", "key-2").orElseThrow().publicKey().hex());
        assertEquals("policy-3", keyring.lookup("host", "key-2").orElseThrow().policyGeneration());
        assertTrue(keyring.lookup("host", "key-3").isEmpty());
        assertTrue(keyring.lookup("other", "key-1").isEmpty());
        assertTrue(keyring.lookup("host.example", "key-1").isEmpty());
        assertTrue(keyring.lookup(null, null).isEmpty());
    }

    @Test
    void verifyUsesTheNamedKeyOnly() throws AuthorityException {
        PinnedKeyring keyring = keyring();
        PinnedKey used = keyring.verify("host", "key-1", new byte[0], Vectors.hex(SIGNATURE_1));
        assertSame(keyring.lookup("host", "key-1").orElseThrow(), used);
        assertEquals(
                "invalid_signature",
                refusal(() -> keyring.verify("host", "key-2", new byte[0], Vectors.hex(SIGNATURE_1))));
        assertEquals(
                "unknown_issuer_key",
                refusal(() -> keyring.verify("host", "key-9", new byte[0], Vectors.hex(SIGNATURE_1))));
    }

    @Test
    void anEmptyKeyringRefusesEverything() throws AuthorityException {
        PinnedKeyring empty = new PinnedKeyring(List.of());
        assertEquals(
                "unknown_issuer_key",
                refusal(() -> empty.verify("host", "key-1", new byte[0], Vectors.hex(SIGNATURE_1))));
    }

    @Test
    void verifyHexDecodesStrictly() throws AuthorityException {
        PinnedKeyring keyring = keyring();
        keyring.verifyHex("host", "key-1", new byte[0], SIGNATURE_1);
        keyring.verifyHex("host", "key-1", new byte[0], SIGNATURE_1.toUpperCase(Locale.ROOT));
        assertEquals(
                "bad_signature_length",
                refusal(() -> keyring.verifyHex("host", "key-1", new byte[0], SIGNATURE_1.substring(2))));
        assertEquals(
                "bad_signature_length",
                refusal(() -> keyring.verifyHex("host", "key-1", new byte[0], SIGNATURE_1 + "00")));
        assertEquals(
                "invalid_hex",
                refusal(() -> keyring.verifyHex("host", "key-1", new byte[0], SIGNATURE_1.substring(1))));
        assertEquals(
                "invalid_hex",
                refusal(() -> keyring.verifyHex("host", "key-1", new byte[0], "zz" + SIGNATURE_1.substring(2))));
        assertEquals("missing_input", refusal(() -> keyring.verifyHex("host", "key-1", new byte[0], null)));
    }
}

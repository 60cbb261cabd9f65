package org.praefectus.engine.authority;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The grant signatures of the protocol v2 golden vectors verify against their signing key.
 *
 * <p>Finding, recorded rather than hidden: the vectors' issuer is {@code host.example}, and the
 * reference's identifier rule ({@code valid_identifier} in tschk/praefectus {@code src/lib.rs}: ASCII
 * alphanumerics, {@code -}, {@code _}, {@code :}) has no {@code .}. The reference keyring refuses that
 * issuer, and its verifier denies every grant naming it, so these grants would be denied there too.
 * We follow the reference; the vectors' issuer should change (or the rule, in both places).
 */
class ProtocolV2GrantSignatureTest {
    private static final JsonNode FILE = Vectors.load("protocol-v2.json");
    private static final JsonNode SIGNING_KEY = FILE.get("signing_key");

    @TestFactory
    Stream<DynamicTest> everyGrantSignatureVerifiesUnderASignerKeyPinnedWithAValidIssuer() throws AuthorityException {
        PinnedKeyring keyring = new PinnedKeyring(List.of(PinnedKey.of(
                "host",
                SIGNING_KEY.get("key_id").asText(),
                "policy-3",
                SIGNING_KEY.get("public_hex").asText())));
        return StreamSupport.stream(FILE.get("vectors").spliterator(), false)
                .map(v -> DynamicTest.dynamicTest(v.get("name").asText(), () -> {
                    byte[] canonical = v.get("grant_canonical_utf8").asText().getBytes(UTF_8);
                    String signature = v.get("grant_signature_hex").asText();
                    assertEquals(
                            signature,
                            v.get("request").get("authority").get("signature").asText());
                    assertDoesNotThrow(() ->
                            keyring.verifyHex("host", SIGNING_KEY.get("key_id").asText(), canonical, signature));
                }));
    }

    @Test
    void theVectorsUseEightGrants() {
        assertEquals(8, FILE.get("vectors").size());
    }

    @Test
    void theVectorsIssuerIsRefusedByTheReferenceIdentifierRule() {
        String issuer = SIGNING_KEY.get("issuer").asText();
        assertEquals("host.example", issuer);
        assertFalse(AuthorityIdentifier.isValid(issuer));
        assertEquals(
                "invalid_identifier",
                assertThrows(
                                AuthorityException.class,
                                () -> PinnedKey.of(
                                        issuer,
                                        SIGNING_KEY.get("key_id").asText(),
                                        "policy-3",
                                        SIGNING_KEY.get("public_hex").asText()))
                        .code());
    }
}

package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every golden vector of protocol-v2.json (generated from the Rust reference's formats): the canonical
 * action hash input, the action hash, the canonical grant bytes and the Ed25519 signature must match byte
 * for byte. The file is read with Jackson so the vectors do not depend on the parser under test.
 */
class GoldenVectorsTest {

    private static final ObjectMapper JACKSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();

    static JsonNode vectors() throws Exception {
        try (InputStream in = GoldenVectorsTest.class.getResourceAsStream("/protocol-v2.json")) {
            return JACKSON.readTree(in);
        }
    }

    static Stream<JsonNode> cases() throws Exception {
        List<JsonNode> cases = new ArrayList<>();
        vectors().get("vectors").forEach(cases::add);
        assertEquals(8, cases.size(), "the vector file has eight requests");
        return cases.stream();
    }

    private static ActionRequest request(JsonNode vector) throws Exception {
        return ProtocolJson.decodeActionRequest(JACKSON.writeValueAsBytes(vector.get("request")));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("cases")
    void canonicalActionHashInputIsByteExact(JsonNode vector) throws Exception {
        byte[] expected = vector.get("action_hash_input_utf8").asText().getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(
                expected,
                ProtocolHashes.actionHashInputBytes(request(vector)),
                vector.get("name").asText());
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("cases")
    void actionHashMatchesTheVectorAndTheGrant(JsonNode vector) throws Exception {
        ActionRequest request = request(vector);
        String hash = ProtocolHashes.normalizedActionHash(request);
        assertEquals(vector.get("action_hash").asText(), hash);
        assertEquals(request.authority().grant().actionHash(), hash);
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("cases")
    void canonicalGrantBytesAreByteExact(JsonNode vector) throws Exception {
        byte[] expected = vector.get("grant_canonical_utf8").asText().getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(
                expected,
                ProtocolHashes.canonicalGrantBytes(request(vector).authority().grant()));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("cases")
    void grantSignatureVerifiesAndIsReproducedWithTheRfc8032Key(JsonNode vector) throws Exception {
        JsonNode key = vectors().get("signing_key");
        ActionRequest request = request(vector);
        byte[] message = ProtocolHashes.canonicalGrantBytes(request.authority().grant());
        String signatureHex = vector.get("grant_signature_hex").asText();
        assertEquals(signatureHex, request.authority().signature());

        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(publicKey(HEX.parseHex(key.get("public_hex").asText())));
        verifier.update(message);
        assertTrue(verifier.verify(HEX.parseHex(signatureHex)));

        // Ed25519 is deterministic, so signing the same bytes must give the same signature
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(privateKey(HEX.parseHex(key.get("seed_hex").asText())));
        signer.update(message);
        assertEquals(signatureHex, HEX.formatHex(signer.sign()));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("cases")
    void wireFormRoundTripsToAnEqualRequest(JsonNode vector) throws Exception {
        ActionRequest request = request(vector);
        byte[] wire = ProtocolJson.toJson(ProtocolJson.encode(request));
        assertEquals(request, ProtocolJson.decodeActionRequest(wire));
        assertEquals(JACKSON.readTree(JACKSON.writeValueAsBytes(vector.get("request"))), JACKSON.readTree(wire));
    }

    @Test
    void referenceCheckGrantHasTheReferencesLiteralCanonicalBytes() throws Exception {
        JsonNode check = vectors().get("reference_check");
        AuthorityGrant grant = ProtocolJson.parseAuthorityGrant(JACKSON.writeValueAsBytes(check.get("grant")));
        assertArrayEquals(
                check.get("canonical_utf8").asText().getBytes(StandardCharsets.UTF_8),
                ProtocolHashes.canonicalGrantBytes(grant));
    }

    private static PrivateKey privateKey(byte[] seed) throws Exception {
        return KeyFactory.getInstance("Ed25519")
                .generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, seed));
    }

    /** RFC 8032 5.1.3: little-endian y with the sign of x in the top bit of the last byte. */
    private static PublicKey publicKey(byte[] encoded) throws Exception {
        byte[] bigEndian = new byte[encoded.length];
        for (int i = 0; i < encoded.length; i++) {
            bigEndian[i] = encoded[encoded.length - 1 - i];
        }
        boolean xOdd = (bigEndian[0] & 0x80) != 0;
        bigEndian[0] &= 0x7f;
        EdECPoint point = new EdECPoint(xOdd, new BigInteger(1, bigEndian));
        return KeyFactory.getInstance("Ed25519")
                .generatePublic(new EdECPublicKeySpec(NamedParameterSpec.ED25519, point));
    }
}

package org.praefectus.engine.authority;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** RFC 8032 section 7.1: TEST 1, 2, 3, 1024 and SHA(abc). */
class Rfc8032VectorsTest {
    private static final JsonNode FILE = Vectors.load("rfc8032-section-7.1.json");

    record Vector(String name, byte[] secretKey, byte[] publicKey, byte[] message, byte[] signature) {}

    static List<Vector> vectors() {
        List<Vector> vectors = new ArrayList<>();
        for (JsonNode v : FILE.get("vectors")) {
            vectors.add(new Vector(
                    v.get("name").asText(),
                    Vectors.hex(v.get("secret_key").asText()),
                    Vectors.hex(v.get("public_key").asText()),
                    Vectors.hex(v.get("message").asText()),
                    Vectors.hex(v.get("signature").asText())));
        }
        return vectors;
    }

    @Test
    void theFileHoldsTheFiveSection71Vectors() {
        assertEquals(
                List.of("TEST 1", "TEST 2", "TEST 3", "TEST 1024", "TEST SHA(abc)"),
                vectors().stream().map(Vector::name).toList());
        assertEquals(1023, vectors().get(3).message().length);
    }

    @TestFactory
    Stream<DynamicTest> everyVectorVerifies() {
        return vectors().stream()
                .map(v -> DynamicTest.dynamicTest(
                        v.name(),
                        () -> assertDoesNotThrow(
                                () -> StrictEd25519.verify(v.publicKey(), v.message(), v.signature()))));
    }

    /** Guards the copied data itself: the seed must give the listed key and, deterministically, the signature. */
    @TestFactory
    Stream<DynamicTest> everyVectorIsConsistentWithItsSecretKey() {
        return vectors().stream()
                .map(v -> DynamicTest.dynamicTest(v.name(), () -> {
                    byte[] publicKey = new byte[32];
                    Ed25519.generatePublicKey(v.secretKey(), 0, publicKey, 0);
                    assertArrayEquals(v.publicKey(), publicKey);
                    byte[] signature = new byte[64];
                    Ed25519.sign(v.secretKey(), 0, v.message(), 0, v.message().length, signature, 0);
                    assertArrayEquals(v.signature(), signature);
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyVectorFailsForAnotherMessage() {
        return vectors().stream()
                .map(v -> DynamicTest.dynamicTest(v.name(), () -> {
                    byte[] other = java.util.Arrays.copyOf(v.message(), v.message().length + 1);
                    AuthorityException refused = assertThrows(
                            AuthorityException.class, () -> StrictEd25519.verify(v.publicKey(), other, v.signature()));
                    assertEquals("invalid_signature", refused.code());
                }));
    }
}

package org.praefectus.engine.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of Project Wycheproof's EdDSA verification vectors (C2SP/wycheproof
 * {@code testvectors_v1/ed25519_test.json}): {@code valid} must verify, {@code invalid} must be refused.
 */
class WycheproofEd25519Test {
    private static final JsonNode FILE = Vectors.load("wycheproof-ed25519_test.json");

    record Case(
            int tcId, String flags, String comment, String publicKey, String message, String signature, boolean valid) {
        /** Whether StrictEd25519 accepts the case; the refusal code is not compared with Wycheproof's flags. */
        boolean accepted() {
            try {
                StrictEd25519.verify(Ed25519PublicKey.fromHex(publicKey), Vectors.hex(message), Vectors.hex(signature));
                return true;
            } catch (AuthorityException refused) {
                return false;
            }
        }
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (JsonNode group : FILE.get("testGroups")) {
            String publicKey = group.get("publicKey").get("pk").asText();
            for (JsonNode test : group.get("tests")) {
                cases.add(new Case(
                        test.get("tcId").asInt(),
                        test.get("flags").toString(),
                        test.get("comment").asText(),
                        publicKey,
                        test.get("msg").asText(),
                        test.get("sig").asText(),
                        "valid".equals(test.get("result").asText())));
            }
        }
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> everyCaseAgreesWithWycheproof() {
        return cases().stream()
                .map(c -> DynamicTest.dynamicTest(
                        "tcId " + c.tcId() + " " + (c.valid() ? "valid" : "invalid") + " " + c.flags() + " "
                                + c.comment(),
                        () -> assertEquals(c.valid(), c.accepted(), "tcId " + c.tcId())));
    }

    @Test
    void allCasesAreCountedAndAgree() {
        List<Case> cases = cases();
        long valid = cases.stream().filter(Case::valid).count();
        long agree = cases.stream().filter(c -> c.valid() == c.accepted()).count();
        assertEquals(FILE.get("numberOfTests").asInt(), cases.size());
        assertEquals(151, cases.size());
        assertEquals(88, valid);
        assertEquals(cases.size(), agree);
    }
}

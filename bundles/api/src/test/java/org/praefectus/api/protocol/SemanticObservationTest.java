package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SemanticObservationTest {

    private static final String OBSERVATION_ID = "1".repeat(64);
    private static final Actionability ACTIONABLE = new Actionability(true, true, true, true, true, true, false);

    private static SemanticProvenance provenance(List<String> optIns) {
        return new SemanticProvenance(
                SemanticBackend.DOM, "chromium-cdp", 42, "process-1", "window-1", "document-1", "2".repeat(64), optIns);
    }

    private static SemanticElement element(int index, String parentId) {
        return new SemanticElement(
                SemanticObservation.tag(index),
                SemanticObservation.opaqueElementId(OBSERVATION_ID, "node-" + index),
                parentId,
                "3".repeat(64),
                "button",
                "Save",
                new Rect(10, 20, 100, 30),
                ACTIONABLE);
    }

    private static SemanticObservation observation(List<String> optIns, List<SemanticElement> elements) {
        return new SemanticObservation(2, OBSERVATION_ID, 7, provenance(optIns), 1_000, 31_000, false, elements);
    }

    @Test
    void tagResolvesToAFencedTargetThatResolvesBack() throws Exception {
        SemanticObservation observation = observation(List.of(), List.of(element(0, null)));
        SemanticTargetRef target = observation.target("e1");
        assertEquals(observation.provenanceHash(), target.provenanceHash());
        assertEquals(observation.elements().get(0), observation.resolve(target, 2_000));
        assertEquals(
                ProtocolErrorCode.TARGET_NOT_FOUND,
                assertThrows(ProtocolException.class, () -> observation.target("e2"))
                        .code());
    }

    @Test
    void forgedGenerationOrFingerprintIsStale() throws Exception {
        SemanticObservation observation = observation(List.of(), List.of(element(0, null)));
        SemanticTargetRef target = observation.target("e1");
        SemanticTargetRef nextGeneration = new SemanticTargetRef(
                target.observationId(), 8, target.provenanceHash(), target.elementId(), target.fingerprintHash());
        SemanticTargetRef otherFingerprint = new SemanticTargetRef(
                target.observationId(), 7, target.provenanceHash(), target.elementId(), "f".repeat(64));
        assertEquals(
                ProtocolErrorCode.STALE_TARGET,
                assertThrows(ProtocolException.class, () -> observation.resolve(nextGeneration, 2_000))
                        .code());
        assertEquals(
                ProtocolErrorCode.STALE_TARGET,
                assertThrows(ProtocolException.class, () -> observation.resolve(otherFingerprint, 2_000))
                        .code());
    }

    @Test
    void expiredOrFutureObservationsAreStale() {
        SemanticObservation observation = observation(List.of(), List.of(element(0, null)));
        assertEquals(
                ProtocolErrorCode.STALE_OBSERVATION,
                assertThrows(ProtocolException.class, () -> observation.validate(31_000))
                        .code());
        assertEquals(
                ProtocolErrorCode.STALE_OBSERVATION,
                assertThrows(ProtocolException.class, () -> observation.validate(999))
                        .code());
    }

    @Test
    void hostOptInsAreBoundIntoTheProvenanceHash() {
        String without = observation(List.of(), List.of()).provenanceHash();
        String with = observation(List.of("AXEnhancedUserInterface"), List.of()).provenanceHash();
        assertNotEquals(without, with);
        assertThrows(ProtocolViolation.class, () -> provenance(List.of("b", "a")));
        assertThrows(ProtocolViolation.class, () -> provenance(List.of("a", "a")));
        assertThrows(ProtocolViolation.class, () -> provenance(List.of("AX Manual")));
    }

    @Test
    void boundsAreEnforcedAtConstruction() {
        assertThrows(
                ProtocolViolation.class,
                () -> new SemanticObservation(
                        2,
                        OBSERVATION_ID,
                        7,
                        provenance(List.of()),
                        1_000,
                        1_000 + SemanticObservation.MAX_AGE_MS + 1,
                        false,
                        List.of()));
        assertThrows(
                ProtocolViolation.class,
                () -> new SemanticObservation(
                        2, OBSERVATION_ID, 0, provenance(List.of()), 1_000, 2_000, false, List.of()));
        List<SemanticElement> tooMany = new ArrayList<>();
        for (int i = 0; i <= SemanticObservation.MAX_ELEMENTS; i++) {
            tooMany.add(element(i % SemanticObservation.MAX_ELEMENTS, null));
        }
        assertThrows(ProtocolViolation.class, () -> observation(List.of(), tooMany));
    }

    @Test
    void snapshotsLargerThanTwoMebibytesAreRefused() {
        List<SemanticElement> elements = new ArrayList<>();
        for (int i = 0; i < SemanticObservation.MAX_ELEMENTS; i++) {
            elements.add(new SemanticElement(
                    SemanticObservation.tag(i),
                    SemanticObservation.opaqueElementId(OBSERVATION_ID, "node-" + i),
                    null,
                    "3".repeat(64),
                    "r".repeat(128),
                    "n".repeat(1_024),
                    null,
                    ACTIONABLE));
        }
        assertEquals(
                ProtocolErrorCode.INVALID_OBSERVATION,
                assertThrows(ProtocolViolation.class, () -> observation(List.of(), elements))
                        .code());
    }

    @Test
    void theSizeBoundIsNeverBelowTheCompactJsonOnAdversarialText() {
        // the observation is only written out when this bound exceeds the limit, so it must never undercount:
        // quotes and backslashes (escaped to two bytes), three-byte units, surrogate pairs, extreme numbers
        java.util.Random random = new java.util.Random(9);
        String[] pieces = {"\"", "\\", "a", "\u00e9", "\u20ac", "\uffff", "\ud83d\ude00", " "};
        for (int round = 0; round < 300; round++) {
            List<SemanticElement> elements = new ArrayList<>();
            for (int i = 0, n = 1 + random.nextInt(20); i < n; i++) {
                StringBuilder name = new StringBuilder("n");
                while (Checks.utf8Length(name.toString()) < 1_000 && random.nextInt(40) > 0) {
                    name.append(pieces[random.nextInt(pieces.length)]);
                }
                String role = random.nextBoolean() ? "\"\\\"" : "r\u20ac";
                elements.add(new SemanticElement(
                        SemanticObservation.tag(i),
                        SemanticObservation.opaqueElementId(OBSERVATION_ID, "node-" + i),
                        i == 0 ? null : elements.get(0).elementId(),
                        "3".repeat(64),
                        role,
                        random.nextBoolean() ? null : name.toString(),
                        new Rect(Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE),
                        new Actionability(false, false, false, false, false, false, false)));
            }
            SemanticProvenance provenance = new SemanticProvenance(
                    SemanticBackend.DOM, "chromium-cdp", 4_294_967_295L, "g\"", "w\\", "d", "2".repeat(64), List.of());
            SemanticObservation observation = new SemanticObservation(
                    2,
                    OBSERVATION_ID,
                    Long.MAX_VALUE,
                    provenance,
                    Long.MAX_VALUE - SemanticObservation.MAX_AGE_MS,
                    Long.MAX_VALUE,
                    true,
                    elements);
            int exact = org.praefectus.api.canonical.CanonicalJson.compact(ProtocolJson.encode(observation)).length;
            long bound = SemanticObservation.sizeBound(provenance, elements);
            assertTrue(bound >= exact, bound + " < " + exact);
        }
    }

    @Test
    void elementTreeMustBeUniqueAndAcyclic() {
        SemanticElement root = element(0, null);
        assertThrows(ProtocolViolation.class, () -> observation(List.of(), List.of(root, element(0, null))));
        assertThrows(ProtocolViolation.class, () -> observation(List.of(), List.of(element(1, "9".repeat(64)))));
        observation(List.of(), List.of(root, element(1, root.elementId())));
    }

    @Test
    void parsedObservationRoundTripsAndKeepsItsTargets() throws Exception {
        SemanticObservation observation = observation(List.of("AXManualAccessibility"), List.of(element(0, null)));
        SemanticObservation parsed =
                ProtocolJson.parseSemanticObservation(ProtocolJson.toJson(ProtocolJson.encode(observation)));
        assertEquals(observation, parsed);
        assertEquals(observation.target("e1"), parsed.target("e1"));
    }
}

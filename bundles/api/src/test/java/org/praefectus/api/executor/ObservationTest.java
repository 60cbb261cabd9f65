package org.praefectus.api.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.Evidence;
import org.praefectus.api.protocol.SemanticTargetRef;

/**
 * The desktop executors' observation evidence, one form for Linux, macOS and Windows. The expected hashes are
 * SHA-256 of the canonical JSON text, computed apart from this code ({@code python3 -c 'import hashlib;
 * print(hashlib.sha256(b"[\"aa…\",3,\"ff…\",1700000000000]").hexdigest())'}).
 */
class ObservationTest {

    private static final long AT = 1_700_000_000_000L;

    @Test
    void anElementIsHashedByItsObservationGenerationFingerprintAndTime() {
        SemanticTargetRef target =
                new SemanticTargetRef("a".repeat(64), 3, "b".repeat(64), "c".repeat(64), "d".repeat(64));
        JsonValue state = JsonValue.JsonObject.builder().put("enabled", true).build();

        Observation observation = Observation.ofElement(target, "f".repeat(64), "geometry", state, AT);

        assertEquals(
                new Evidence(
                        "ba666a5ea4c0e0b940027dcff80cb10175f663801805b797ee7001977d7313ec",
                        "f".repeat(64),
                        "geometry",
                        AT),
                observation.evidence());
        assertEquals(state, observation.state());
    }

    @Test
    void aCoordinateTargetIsHashedBySnapshotContentAndTimeAndCarriesItsContentHash() {
        CoordinateObservation snapshot =
                new CoordinateObservation(2, "snap-1", "observed-geometry", "c".repeat(64), AT - 5, List.of());

        Observation observation = Observation.ofCoordinates(snapshot, "geometry", AT);

        assertEquals(
                "1e3f6b637859473cebdd69e9df6ffe4b1b91b9d2b6254c675a31dcdc9e6b0ab2",
                observation.evidence().observationHash());
        assertNull(observation.evidence().targetFingerprintHash());
        assertEquals("geometry", observation.evidence().displayGeometryHash());
        assertEquals(
                JsonValue.JsonObject.builder()
                        .put("snapshot_content_hash", "c".repeat(64))
                        .build(),
                observation.state());
    }

    @Test
    void noTargetIsHashedByTheTimeAlone() {
        Observation observation = Observation.ofNoTarget("", AT);

        assertEquals(
                new Evidence("bc99b4bf100ad96cc4db80d1f6b724f9d17d0a1c19f011d908ee810fffda7484", null, "", AT),
                observation.evidence());
        assertEquals(JsonValue.JsonObject.builder().build(), observation.state());
    }
}

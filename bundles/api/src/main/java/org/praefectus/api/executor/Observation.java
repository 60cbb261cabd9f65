package org.praefectus.api.executor;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.Evidence;
import org.praefectus.api.protocol.SemanticTargetRef;

/**
 * One observation of a target before or after dispatch. The evidence goes into the receipt; the state is
 * what verification compares and never leaves the engine. For {@code target_value_hash} verification the
 * state carries {@code "value_hash"}: the SHA-256 hex of the target's current value, never the value.
 *
 * @param evidence hashes of what was observed
 * @param state    the target state as JSON, for example {@code {"value_hash":"…","enabled":true}}
 */
public record Observation(Evidence evidence, JsonValue state) {
    public Observation {
        requireNonNull(evidence, "evidence");
        requireNonNull(state, "state");
    }

    /**
     * A desktop executor's observation of an element target, hashed as the reference hashes it: the observation ID,
     * its generation, the live fingerprint and the time, in a canonical JSON array.
     *
     * @param fingerprintHash     the element's live fingerprint, the evidence's target fingerprint
     * @param displayGeometryHash the geometry the element's observation was made under
     * @param state               what verification compares
     */
    public static Observation ofElement(
            SemanticTargetRef target, String fingerprintHash, String displayGeometryHash, JsonValue state, long atMs) {
        String hash = CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(target.observationId()),
                JsonValue.JsonNumber.of(target.generation()),
                new JsonValue.JsonString(fingerprintHash),
                JsonValue.JsonNumber.of(atMs))));
        return new Observation(new Evidence(hash, fingerprintHash, displayGeometryHash, atMs), state);
    }

    /**
     * A desktop executor's observation of a coordinate target: the snapshot's ID and content hash and the time; the
     * state is the content hash.
     */
    public static Observation ofCoordinates(CoordinateObservation observation, String displayGeometryHash, long atMs) {
        String hash = CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(observation.snapshotId()),
                new JsonValue.JsonString(observation.snapshotContentHash()),
                JsonValue.JsonNumber.of(atMs))));
        return new Observation(
                new Evidence(hash, null, displayGeometryHash, atMs),
                JsonValue.JsonObject.builder()
                        .put("snapshot_content_hash", observation.snapshotContentHash())
                        .build());
    }

    /**
     * A desktop executor's observation when the action names no target: the time alone, under the current display
     * geometry ({@code ""} when none can be read), and an empty state.
     */
    public static Observation ofNoTarget(String displayGeometryHash, long atMs) {
        return new Observation(
                new Evidence(CanonicalJson.hash(JsonValue.JsonNumber.of(atMs)), null, displayGeometryHash, atMs),
                JsonValue.JsonObject.builder().build());
    }

    @Override
    public String toString() {
        return "Observation[evidence=" + evidence + ", state=[redacted]]";
    }
}

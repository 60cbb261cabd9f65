package org.praefectus.api.executor;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.Evidence;

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

    @Override
    public String toString() {
        return "Observation[evidence=" + evidence + ", state=[redacted]]";
    }
}

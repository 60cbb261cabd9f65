package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

import org.praefectus.api.canonical.JsonValue;

/** How the engine proves an effect after dispatch; JSON tagged by {@code kind}. */
public sealed interface VerificationPolicy {

    /** The wire {@code kind}. */
    String kind();

    /** No verification: success can only be {@code executed_unverified}. */
    record None() implements VerificationPolicy {
        @Override
        public String kind() {
            return "none";
        }
    }

    /** The observation must change; a change alone never proves the requested effect. */
    record SnapshotChanged() implements VerificationPolicy {
        @Override
        public String kind() {
            return "snapshot_changed";
        }
    }

    /**
     * The target's observed state must equal {@code expected}.
     *
     * @param expected the expected state (may describe secret values: redacted in {@code toString})
     */
    record TargetState(JsonValue expected) implements VerificationPolicy {
        public TargetState {
            present(expected, "expected");
        }

        @Override
        public String kind() {
            return "target_state";
        }

        @Override
        public String toString() {
            return "TargetState[expected=" + Protocol.REDACTED + "]";
        }
    }

    /**
     * The target's value must hash to {@code sha256} afterwards; required by {@code set_value}.
     *
     * @param sha256 SHA-256 of the expected value, 64 lowercase hex digits (redacted in {@code toString}:
     *               a hash of a short secret can be reversed by guessing)
     */
    record TargetValueHash(String sha256) implements VerificationPolicy {
        public TargetValueHash {
            present(sha256, "sha256");
        }

        @Override
        public String kind() {
            return "target_value_hash";
        }

        @Override
        public String toString() {
            return "TargetValueHash[sha256=" + Protocol.REDACTED + "]";
        }
    }
}

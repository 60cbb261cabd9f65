package org.praefectus.engine.execution;

import java.util.List;
import java.util.Objects;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.VerificationPolicy;

/** The reference's post-dispatch verification: only a proof on the same fenced target is {@code verified}. */
final class Verification {

    record Result(Effect effect, List<String> warnings) {}

    private Verification() {}

    static Result verify(
            VerificationPolicy policy, Observation before, Observation after, String expectedTargetFingerprintHash) {
        if (policy instanceof VerificationPolicy.None) {
            return new Result(Effect.EXECUTED_UNVERIFIED, List.of("post-action verification was not requested"));
        }
        if (after == null) {
            return new Result(Effect.EXECUTED_UNVERIFIED, List.of("post-action observation failed"));
        }
        if (policy instanceof VerificationPolicy.SnapshotChanged) {
            boolean changed =
                    !before.evidence().observationHash().equals(after.evidence().observationHash());
            return new Result(
                    Effect.EXECUTED_UNVERIFIED,
                    List.of(
                            changed
                                    ? "post-action observation changed but does not verify the requested effect"
                                    : "post-action observation did not change"));
        }
        if (policy instanceof VerificationPolicy.TargetValueHash valueHash) {
            if (after.state() instanceof JsonValue.JsonObject state
                    && state.members().get("value_hash") instanceof JsonValue.JsonString hash
                    && hash.value().equals(valueHash.sha256())
                    && sameFencedTarget(before, after, expectedTargetFingerprintHash)) {
                return new Result(Effect.VERIFIED, List.of());
            }
            return new Result(
                    Effect.EXECUTED_UNVERIFIED, List.of("target value hash did not match the expected value"));
        }
        VerificationPolicy.TargetState targetState = (VerificationPolicy.TargetState) policy;
        if (after.state().equals(targetState.expected())
                && sameFencedTarget(before, after, expectedTargetFingerprintHash)) {
            return new Result(Effect.VERIFIED, List.of());
        }
        return new Result(Effect.EXECUTED_UNVERIFIED, List.of("target state did not match the expected value"));
    }

    private static boolean sameFencedTarget(Observation before, Observation after, String expected) {
        String fingerprint = before.evidence().targetFingerprintHash();
        return fingerprint != null
                && fingerprint.equals(after.evidence().targetFingerprintHash())
                && fingerprint.equals(expected)
                && Objects.equals(
                        before.evidence().displayGeometryHash(),
                        after.evidence().displayGeometryHash());
    }
}

package org.praefectus.api.resident;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * What a surface asks the resident host to do: every part of a request that a surface may choose. The
 * host supplies the rest (operation ID, subject, session, grant) and decides whether to sign at all.
 *
 * @param action          what to do
 * @param target          the fenced target, from a fresh observation
 * @param interactionMode whether the action may interact with the person's session
 * @param verification    how the engine proves the effect
 * @param safety          the risk class the surface claims; the host may refuse it
 * @param deadlineAtMs    no effect starts at or after this time, milliseconds since the epoch
 */
public record ActionProposal(
        Action action,
        TargetRef target,
        InteractionMode interactionMode,
        VerificationPolicy verification,
        SafetyClass safety,
        long deadlineAtMs) {

    public ActionProposal {
        requireNonNull(action, "action");
        requireNonNull(target, "target");
        requireNonNull(interactionMode, "interactionMode");
        requireNonNull(verification, "verification");
        requireNonNull(safety, "safety");
    }
}

package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/**
 * One signed request to perform one action on one fenced target. Construction checks wire types only;
 * {@link RequestValidation#validate} applies the reference's request rules (versions, identifiers, action
 * bounds, target fit) and {@link ProtocolJson#parseActionRequest} does both. Subject, session, authority
 * and verification are redacted in {@code toString}.
 *
 * @param protocolVersion     protocol version, 2
 * @param actionVersion       action schema version, 2
 * @param targetVersion       target schema version, 2
 * @param verificationVersion verification schema version, 2
 * @param operationId         the idempotency key: the same ID and hash replays, a new hash conflicts
 * @param subject             the host's user identity
 * @param sessionId           the host's session identity
 * @param authority           the signed grant
 * @param action              what to do
 * @param target              what to do it to
 * @param interactionMode     whether the action may interact with the person's session
 * @param deadlineAtMs        no effect starts at or after this time, milliseconds since the epoch
 * @param verification        how to prove the effect
 * @param safety              the risk class, equal to the grant's {@code risk}
 */
public record ActionRequest(
        int protocolVersion,
        int actionVersion,
        int targetVersion,
        int verificationVersion,
        String operationId,
        String subject,
        String sessionId,
        SignedAuthority authority,
        Action action,
        TargetRef target,
        InteractionMode interactionMode,
        long deadlineAtMs,
        VerificationPolicy verification,
        SafetyClass safety) {

    public ActionRequest {
        Checks.u16(protocolVersion, "protocol_version");
        Checks.u16(actionVersion, "action_version");
        Checks.u16(targetVersion, "target_version");
        Checks.u16(verificationVersion, "verification_version");
        present(operationId, "operation_id");
        present(subject, "subject");
        present(sessionId, "session_id");
        present(authority, "authority");
        present(action, "action");
        present(target, "target");
        present(interactionMode, "interaction_mode");
        present(verification, "verification");
        present(safety, "safety");
    }

    @Override
    public String toString() {
        return "ActionRequest[protocolVersion=" + protocolVersion + ", actionVersion=" + actionVersion
                + ", targetVersion=" + targetVersion + ", verificationVersion=" + verificationVersion
                + ", operationId=" + operationId + ", subject=" + Protocol.REDACTED + ", sessionId="
                + Protocol.REDACTED + ", authority=" + Protocol.REDACTED + ", action=" + action + ", target="
                + target + ", interactionMode=" + interactionMode + ", deadlineAtMs=" + deadlineAtMs
                + ", verification=" + Protocol.REDACTED + ", safety=" + safety + "]";
    }
}

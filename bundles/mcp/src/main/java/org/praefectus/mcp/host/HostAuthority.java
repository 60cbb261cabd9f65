package org.praefectus.mcp.host;

import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SignedAuthority;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Signs requests as this host: builds the request, computes the normalized action hash and signs a grant
 * bound to that operation, subject, session, risk, expiry, policy generation and hash. Called only after
 * the host's own approval (profile and confirmation); the key never leaves this class's {@link HostKey}.
 *
 * @param key              the host key
 * @param issuer           the issuer pinned in the engine's verifier
 * @param policyGeneration the policy generation pinned with the key
 * @param subject          the host's user identity for every request
 */
public record HostAuthority(HostKey key, String issuer, String policyGeneration, String subject) {

    /** The pinned-key entry for the engine's {@code org.praefectus.engine.authority} configuration. */
    public String pinnedKeyEntry() {
        return issuer + ":" + key.keyId() + ":" + policyGeneration + ":" + key.publicKeyHex();
    }

    /**
     * An unsigned request body: everything the action hash covers, with a placeholder authority.
     */
    public ActionRequest draft(
            String operationId,
            String sessionId,
            Action action,
            TargetRef target,
            VerificationPolicy verification,
            long deadlineAtMs) {
        AuthorityGrant placeholder = new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                issuer,
                key.keyId(),
                operationId,
                subject,
                sessionId,
                SafetyClass.REVERSIBLE,
                deadlineAtMs,
                policyGeneration,
                "0".repeat(64));
        return new ActionRequest(
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                operationId,
                subject,
                sessionId,
                new SignedAuthority(placeholder, "0".repeat(128)),
                action,
                target,
                InteractionMode.INTERACTIVE,
                deadlineAtMs,
                verification,
                SafetyClass.REVERSIBLE);
    }

    /**
     * Signs {@code draft} with a grant that expires at {@code expiresAtMs}. The same draft signed again later
     * has the same action hash, so the engine replays instead of dispatching twice.
     */
    public ActionRequest sign(ActionRequest draft, long expiresAtMs) throws ProtocolException {
        String hash = ProtocolHashes.normalizedActionHash(draft);
        AuthorityGrant grant = new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                issuer,
                key.keyId(),
                draft.operationId(),
                draft.subject(),
                draft.sessionId(),
                draft.safety(),
                expiresAtMs,
                policyGeneration,
                hash);
        String signature = key.sign(ProtocolHashes.canonicalGrantBytes(grant));
        return new ActionRequest(
                draft.protocolVersion(),
                draft.actionVersion(),
                draft.targetVersion(),
                draft.verificationVersion(),
                draft.operationId(),
                draft.subject(),
                draft.sessionId(),
                new SignedAuthority(grant, signature),
                draft.action(),
                draft.target(),
                draft.interactionMode(),
                draft.deadlineAtMs(),
                draft.verification(),
                draft.safety());
    }
}

package org.praefectus.mcp.host;

import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Signs requests as this host through the host kit ({@link HostSigner}): a grant bound to the operation,
 * subject, session, risk, expiry, policy generation and canonical action hash. Called only after the host's
 * own approval (profile and confirmation); the key never leaves its {@link HostKey}.
 *
 * @param key              the host key
 * @param issuer           the issuer pinned in the engine's verifier
 * @param policyGeneration the policy generation pinned with the key
 * @param subject          the host's user identity for every request
 */
public record HostAuthority(HostKey key, String issuer, String policyGeneration, String subject) {

    private HostSigner signer() {
        return new HostSigner(key.key(), issuer, key.keyId(), policyGeneration);
    }

    /** This key as an engine pins it (issuer, key id, policy generation, public key). */
    public PinnedIssuer pinnedIssuer() {
        return signer().pinnedIssuer();
    }

    /** An unsigned request body: everything the action hash covers, with a placeholder authority. */
    public ActionRequest draft(
            String operationId,
            String sessionId,
            Action action,
            TargetRef target,
            VerificationPolicy verification,
            long deadlineAtMs) {
        return new RequestDraft(
                        operationId,
                        subject,
                        sessionId,
                        action,
                        target,
                        InteractionMode.INTERACTIVE,
                        deadlineAtMs,
                        verification,
                        SafetyClass.REVERSIBLE)
                .unsigned();
    }

    /**
     * Signs {@code draft} with a grant that expires at {@code expiresAtMs}. The same draft signed again later
     * has the same action hash, so the engine replays instead of dispatching twice.
     */
    public ActionRequest sign(ActionRequest draft, long expiresAtMs) throws ProtocolException {
        return signer().sign(RequestDraft.of(draft), expiresAtMs);
    }
}

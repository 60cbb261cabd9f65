package org.praefectus.demos;

import org.praefectus.api.host.HostKey;
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
 * <b>Not a production approval system.</b> A demo's host key: generated in memory for one run (the host kit),
 * pinned only in that demo's private engine, signing every grant the demo builds without asking anyone. A
 * real host keeps its issuer key outside the agent's reach and signs only what a person or policy approved;
 * this key dies with the run and is never written anywhere.
 */
public final class EphemeralDemoSigner {

    /** What every demo says about its key. */
    public static final String NOTICE = "ephemeral demo key generated for this run and pinned only in the demo's "
            + "private engine: this is NOT a production approval system";

    private final HostSigner signer;
    private final String subject;
    private final String session;

    /** @param demo names issuer, subject and session of this demo's grants, e.g. {@code praefectus-demo} */
    public EphemeralDemoSigner(String demo) {
        this.signer = new HostSigner(HostKey.generate(), demo, "ephemeral-1", demo + "-1");
        this.subject = demo + "-user";
        this.session = demo + "-session";
    }

    /** The pin for the demo's private engine. */
    public PinnedIssuer pin() {
        return signer.pinnedIssuer();
    }

    /** A signed request for one action, valid until its deadline. */
    public ActionRequest sign(
            String operationId,
            Action action,
            TargetRef target,
            InteractionMode mode,
            VerificationPolicy verification,
            long deadlineAtMs)
            throws ProtocolException {
        return signer.sign(
                new RequestDraft(
                        operationId,
                        subject,
                        session,
                        action,
                        target,
                        mode,
                        deadlineAtMs,
                        verification,
                        SafetyClass.REVERSIBLE),
                deadlineAtMs);
    }
}

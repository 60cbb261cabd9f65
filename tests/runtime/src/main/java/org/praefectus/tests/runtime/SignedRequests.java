package org.praefectus.tests.runtime;

import java.nio.charset.StandardCharsets;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** The signed requests the hot-swap tests present: one draft shape, signed by the test's host, valid for decades. */
final class SignedRequests {

    private static final long FAR_FUTURE = 4_000_000_000_000L;

    /** A fenced element of no real observation: a probe may accept it, the Linux executor refuses it as stale. */
    static final SemanticTargetRef UNOBSERVED_ELEMENT =
            new SemanticTargetRef(hash("observation"), 1, hash("provenance"), hash("element"), hash("fingerprint"));

    private SignedRequests() {}

    /** An interactive, reversible request of {@code action} on {@code target}, without verification. */
    static ActionRequest sign(HostSigner host, String operationId, Action action, TargetRef target) throws Exception {
        return host.sign(
                new RequestDraft(
                        operationId,
                        "subject-1",
                        "session-1",
                        action,
                        target,
                        InteractionMode.INTERACTIVE,
                        FAR_FUTURE,
                        new VerificationPolicy.None(),
                        SafetyClass.REVERSIBLE),
                FAR_FUTURE);
    }

    /** The SHA-256 of a label, as the fingerprints of a fenced element are written. */
    private static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }
}

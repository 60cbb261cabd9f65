package org.praefectus.tests.engine;

import java.nio.charset.StandardCharsets;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** A test host (the host kit with a fresh key): signed invoke requests on a fenced element. */
final class Requests {

    static final long FAR_FUTURE = 4_000_000_000_000L;
    static final SemanticTargetRef ELEMENT =
            new SemanticTargetRef(hash("observation"), 1, hash("provenance"), hash("element"), hash("fingerprint"));

    private final HostSigner signer;

    Requests() {
        this("host");
    }

    Requests(String issuer) {
        this.signer = new HostSigner(HostKey.generate(), issuer, "key-1", "gen-1");
    }

    static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }

    /** What pins this host's key. */
    PinnedIssuer pinnedIssuer() {
        return signer.pinnedIssuer();
    }

    /** The configuration entry that pins this key. */
    String keyEntry() {
        return signer.pinnedIssuer().entry();
    }

    ActionRequest invoke(String operationId) throws Exception {
        return signer.sign(
                new RequestDraft(
                        operationId,
                        "subject-1",
                        "session-1",
                        new Action.Invoke(),
                        new TargetRef.Element(ELEMENT),
                        InteractionMode.INTERACTIVE,
                        FAR_FUTURE,
                        new VerificationPolicy.None(),
                        SafetyClass.REVERSIBLE),
                FAR_FUTURE);
    }
}

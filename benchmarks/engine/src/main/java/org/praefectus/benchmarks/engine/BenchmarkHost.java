package org.praefectus.benchmarks.engine;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKey;
import org.praefectus.engine.authority.PinnedKeyring;

/** A host (the host kit) that signs invoke requests with a fixed Ed25519 key pinned as (host, key-1, gen-1). */
final class BenchmarkHost {

    static final long FAR_FUTURE = 4_000_000_000_000L;
    static final SemanticTargetRef ELEMENT =
            new SemanticTargetRef(hash("observation"), 1, hash("provenance"), hash("element"), hash("fingerprint"));

    private final HostSigner signer =
            new HostSigner(HostKey.fromSeed(HexFormat.of().parseHex(hash("benchmark key"))), "host", "key-1", "gen-1");

    static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }

    Ed25519AuthorityVerifier verifier() throws Exception {
        return new Ed25519AuthorityVerifier(new PinnedKeyring(List.of(PinnedKey.of(signer.pinnedIssuer()))));
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

package org.praefectus.benchmarks.engine;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.SignedAuthority;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKey;
import org.praefectus.engine.authority.PinnedKeyring;

/** A host that signs invoke requests with a fixed Ed25519 key pinned as (host, key-1, gen-1). */
final class BenchmarkHost {

    static final long FAR_FUTURE = 4_000_000_000_000L;
    static final SemanticTargetRef ELEMENT =
            new SemanticTargetRef(hash("observation"), 1, hash("provenance"), hash("element"), hash("fingerprint"));

    private final Ed25519PrivateKeyParameters key =
            new Ed25519PrivateKeyParameters(HexFormat.of().parseHex(hash("benchmark key")), 0);

    static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }

    Ed25519AuthorityVerifier verifier() throws Exception {
        return new Ed25519AuthorityVerifier(new PinnedKeyring(List.of(PinnedKey.of(
                "host",
                "key-1",
                "gen-1",
                HexFormat.of().formatHex(key.generatePublicKey().getEncoded())))));
    }

    ActionRequest invoke(String operationId) throws Exception {
        AuthorityGrant placeholder = grant(operationId, "0".repeat(64));
        String hash = ProtocolHashes.normalizedActionHash(
                request(operationId, new SignedAuthority(placeholder, "0".repeat(128))));
        AuthorityGrant grant = grant(operationId, hash);
        Ed25519Signer signer = new Ed25519Signer();
        signer.init(true, key);
        byte[] message = ProtocolHashes.canonicalGrantBytes(grant);
        signer.update(message, 0, message.length);
        return request(operationId, new SignedAuthority(grant, HexFormat.of().formatHex(signer.generateSignature())));
    }

    private static AuthorityGrant grant(String operationId, String hash) {
        return new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                "host",
                "key-1",
                operationId,
                "subject-1",
                "session-1",
                SafetyClass.REVERSIBLE,
                FAR_FUTURE,
                "gen-1",
                hash);
    }

    private static ActionRequest request(String operationId, SignedAuthority authority) {
        return new ActionRequest(
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                operationId,
                "subject-1",
                "session-1",
                authority,
                new Action.Invoke(),
                new TargetRef.Element(ELEMENT),
                InteractionMode.INTERACTIVE,
                FAR_FUTURE,
                new VerificationPolicy.None(),
                SafetyClass.REVERSIBLE);
    }
}

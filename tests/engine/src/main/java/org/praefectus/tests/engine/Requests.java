package org.praefectus.tests.engine;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Arrays;
import java.util.HexFormat;
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

/** A test host: a fresh Ed25519 key (the JDK's) and signed invoke requests on a fenced element. */
final class Requests {

    static final long FAR_FUTURE = 4_000_000_000_000L;
    static final SemanticTargetRef ELEMENT =
            new SemanticTargetRef(hash("observation"), 1, hash("provenance"), hash("element"), hash("fingerprint"));

    private final KeyPair keys;

    Requests() throws Exception {
        this.keys = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
    }

    static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }

    /** The configuration entry that pins this key: {@code issuer:key_id:policy_generation:hex}. */
    String keyEntry() {
        byte[] encoded = keys.getPublic().getEncoded(); // X.509 SubjectPublicKeyInfo: the raw key is the last 32 bytes
        return "host:key-1:gen-1:"
                + HexFormat.of().formatHex(Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length));
    }

    ActionRequest invoke(String operationId) throws Exception {
        AuthorityGrant placeholder = new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                "host",
                "key-1",
                operationId,
                "subject-1",
                "session-1",
                SafetyClass.REVERSIBLE,
                FAR_FUTURE,
                "gen-1",
                "0".repeat(64));
        String hash = ProtocolHashes.normalizedActionHash(
                request(operationId, new SignedAuthority(placeholder, "0".repeat(128))));
        AuthorityGrant grant = new AuthorityGrant(
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
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(keys.getPrivate());
        signer.update(ProtocolHashes.canonicalGrantBytes(grant));
        return request(operationId, new SignedAuthority(grant, HexFormat.of().formatHex(signer.sign())));
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

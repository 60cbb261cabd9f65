package org.praefectus.engine.execution;

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

/** A host for tests: one Ed25519 key pinned as (host, key-1, gen-1), and signed requests. */
public final class TestAuthority {

    public static final String ISSUER = "host";
    public static final String KEY_ID = "key-1";
    public static final String POLICY = "gen-1";
    public static final long FAR_FUTURE = 4_000_000_000_000L;
    public static final SemanticTargetRef ELEMENT =
            new SemanticTargetRef(hash("observation"), 1, hash("provenance"), hash("element"), hash("fingerprint"));

    private final Ed25519PrivateKeyParameters key;

    public TestAuthority() {
        byte[] seed = Sha256Bytes.of("praefectus engine test key");
        this.key = new Ed25519PrivateKeyParameters(seed, 0);
    }

    public static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }

    public String publicKeyHex() {
        return HexFormat.of().formatHex(key.generatePublicKey().getEncoded());
    }

    public Ed25519AuthorityVerifier verifier() {
        try {
            return new Ed25519AuthorityVerifier(
                    new PinnedKeyring(List.of(PinnedKey.of(ISSUER, KEY_ID, POLICY, publicKeyHex()))));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A request builder with defaults: invoke on a fenced element, interactive, no verification. */
    public Builder request(String operationId) {
        return new Builder(operationId);
    }

    public String sign(AuthorityGrant grant) {
        Ed25519Signer signer = new Ed25519Signer();
        signer.init(true, key);
        byte[] message = ProtocolHashes.canonicalGrantBytes(grant);
        signer.update(message, 0, message.length);
        return HexFormat.of().formatHex(signer.generateSignature());
    }

    public final class Builder {
        private final String operationId;
        private Action action = new Action.Invoke();
        private TargetRef target = new TargetRef.Element(ELEMENT);
        private InteractionMode mode = InteractionMode.INTERACTIVE;
        private VerificationPolicy verification = new VerificationPolicy.None();
        private long deadline = FAR_FUTURE;
        private int protocolVersion = Protocol.PROTOCOL_VERSION;
        private java.util.function.UnaryOperator<AuthorityGrant> grantEdit = g -> g;

        private Builder(String operationId) {
            this.operationId = operationId;
        }

        public Builder action(Action value) {
            action = value;
            return this;
        }

        public Builder target(TargetRef value) {
            target = value;
            return this;
        }

        public Builder mode(InteractionMode value) {
            mode = value;
            return this;
        }

        public Builder verification(VerificationPolicy value) {
            verification = value;
            return this;
        }

        public Builder deadline(long value) {
            deadline = value;
            return this;
        }

        public Builder protocolVersion(int value) {
            protocolVersion = value;
            return this;
        }

        /** Edits the grant before it is signed (a host signing something that does not bind the request). */
        public Builder grant(java.util.function.UnaryOperator<AuthorityGrant> edit) {
            grantEdit = edit;
            return this;
        }

        /** A set_value request whose verification names the value's hash. */
        public Builder setValue(String value) {
            action = new Action.SetValue(value);
            verification = new VerificationPolicy.TargetValueHash(hash(value));
            return this;
        }

        public ActionRequest build() {
            return buildWith(null);
        }

        /** Signed correctly, then the signature replaced. */
        public ActionRequest buildWith(String signatureOverride) {
            AuthorityGrant unsigned = new AuthorityGrant(
                    Protocol.PROTOCOL_VERSION,
                    ISSUER,
                    KEY_ID,
                    operationId,
                    "subject-1",
                    "session-1",
                    SafetyClass.REVERSIBLE,
                    FAR_FUTURE,
                    POLICY,
                    "0".repeat(64));
            ActionRequest draft = assemble(new SignedAuthority(unsigned, "0".repeat(128)));
            String hash;
            try {
                hash = ProtocolHashes.normalizedActionHash(draft);
            } catch (Exception e) {
                hash = "0".repeat(64);
            }
            AuthorityGrant grant = grantEdit.apply(new AuthorityGrant(
                    Protocol.PROTOCOL_VERSION,
                    ISSUER,
                    KEY_ID,
                    operationId,
                    "subject-1",
                    "session-1",
                    SafetyClass.REVERSIBLE,
                    FAR_FUTURE,
                    POLICY,
                    hash));
            String signature = signatureOverride != null ? signatureOverride : sign(grant);
            return assemble(new SignedAuthority(grant, signature));
        }

        private ActionRequest assemble(SignedAuthority authority) {
            return new ActionRequest(
                    protocolVersion,
                    Protocol.PROTOCOL_VERSION,
                    Protocol.PROTOCOL_VERSION,
                    Protocol.PROTOCOL_VERSION,
                    operationId,
                    "subject-1",
                    "session-1",
                    authority,
                    action,
                    target,
                    mode,
                    deadline,
                    verification,
                    SafetyClass.REVERSIBLE);
        }
    }

    private static final class Sha256Bytes {
        static byte[] of(String label) {
            return HexFormat.of().parseHex(hash(label));
        }
    }
}

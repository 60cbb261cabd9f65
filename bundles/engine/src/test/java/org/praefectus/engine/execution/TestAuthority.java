package org.praefectus.engine.execution;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolException;
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

    private final HostSigner signer =
            new HostSigner(HostKey.fromSeed(Sha256Bytes.of("praefectus engine test key")), ISSUER, KEY_ID, POLICY);

    public static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }

    public String publicKeyHex() {
        return signer.pinnedIssuer().publicKeyHex();
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
        return signer.signGrant(grant).signature();
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
            AuthorityGrant grant;
            try {
                grant = signer.grant(draft(verification), FAR_FUTURE);
            } catch (ProtocolException overBound) {
                // a request the engine must refuse before hashing: any grant will do
                try {
                    grant = signer.grant(draft(new VerificationPolicy.None()), FAR_FUTURE);
                } catch (ProtocolException impossible) {
                    throw new IllegalStateException(impossible);
                }
            }
            grant = grantEdit.apply(grant);
            String signature = signatureOverride != null ? signatureOverride : sign(grant);
            return assemble(new SignedAuthority(grant, signature));
        }

        private RequestDraft draft(VerificationPolicy policy) {
            return new RequestDraft(
                    operationId,
                    "subject-1",
                    "session-1",
                    action,
                    target,
                    mode,
                    deadline,
                    policy,
                    SafetyClass.REVERSIBLE);
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

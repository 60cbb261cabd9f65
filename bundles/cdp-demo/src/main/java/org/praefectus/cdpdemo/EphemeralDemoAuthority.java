package org.praefectus.cdpdemo;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
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
import org.praefectus.engine.authority.AuthorityException;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKey;
import org.praefectus.engine.authority.PinnedKeyring;

/**
 * <b>Not a production approval system.</b> An Ed25519 key generated in memory for one demo run (the JDK's own
 * Ed25519), pinned in the demo's private engine only, signing every grant the demo builds without asking anyone. A
 * real host keeps its issuer key outside the agent's reach and signs only what a person or policy approved; this key
 * dies with the process and is never written anywhere.
 */
final class EphemeralDemoAuthority {

    static final String ISSUER = "praefectus-cdp-demo";
    static final String KEY_ID = "ephemeral-demo-key-not-for-production";
    static final String POLICY_GENERATION = "cdp-demo";
    static final String SUBJECT = "cdp-demo-user";
    static final String SESSION = "cdp-demo-session";
    static final String NOTICE = "ephemeral demo key generated for this run and pinned only in the demo's private "
            + "engine: this is NOT a production approval system";

    /** The X.509 SubjectPublicKeyInfo prefix of an Ed25519 key; the raw 32-byte key follows it. */
    private static final int X509_PREFIX = 12;

    private final PrivateKey privateKey;
    private final String publicKeyHex;

    EphemeralDemoAuthority() throws GeneralSecurityException {
        KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        byte[] encoded = pair.getPublic().getEncoded();
        this.privateKey = pair.getPrivate();
        this.publicKeyHex = HexFormat.of().formatHex(Arrays.copyOfRange(encoded, X509_PREFIX, encoded.length));
    }

    String publicKeyHex() {
        return publicKeyHex;
    }

    /** The engine's own verifier over a keyring that pins this key alone. */
    Ed25519AuthorityVerifier verifier() throws AuthorityException {
        return new Ed25519AuthorityVerifier(
                new PinnedKeyring(List.of(PinnedKey.of(ISSUER, KEY_ID, POLICY_GENERATION, publicKeyHex))));
    }

    /**
     * A signed request: the grant binds the request's normalized action hash, subject, session, risk and expiry.
     */
    ActionRequest sign(
            String operationId, Action action, TargetRef target, VerificationPolicy verification, long deadlineAtMs)
            throws ProtocolException, GeneralSecurityException {
        ActionRequest draft = request(
                operationId,
                action,
                target,
                verification,
                deadlineAtMs,
                new SignedAuthority(grant(operationId, deadlineAtMs, "0".repeat(64)), "0".repeat(128)));
        AuthorityGrant grant = grant(operationId, deadlineAtMs, ProtocolHashes.normalizedActionHash(draft));
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(privateKey);
        signer.update(ProtocolHashes.canonicalGrantBytes(grant));
        String signature = HexFormat.of().formatHex(signer.sign());
        return request(operationId, action, target, verification, deadlineAtMs, new SignedAuthority(grant, signature));
    }

    private static AuthorityGrant grant(String operationId, long expiresAtMs, String actionHash) {
        return new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                ISSUER,
                KEY_ID,
                operationId,
                SUBJECT,
                SESSION,
                SafetyClass.REVERSIBLE,
                expiresAtMs,
                POLICY_GENERATION,
                actionHash);
    }

    private static ActionRequest request(
            String operationId,
            Action action,
            TargetRef target,
            VerificationPolicy verification,
            long deadlineAtMs,
            SignedAuthority authority) {
        // background: the demo's browser is its own headless process with a private profile (host_isolated)
        return new ActionRequest(
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                operationId,
                SUBJECT,
                SESSION,
                authority,
                action,
                target,
                InteractionMode.BACKGROUND_ONLY,
                deadlineAtMs,
                verification,
                SafetyClass.REVERSIBLE);
    }
}

package org.praefectus.linux.demo;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Arrays;
import java.util.HexFormat;
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

/**
 * The demo's host authority: an Ed25519 key generated for one run and forgotten afterwards. It approves
 * exactly what the demo asks; it is NOT a production approval system (no person approves anything).
 */
public final class DemoAuthority {

    static final String ISSUER = "praefectus-demo";
    static final String KEY_ID = "ephemeral-1";
    static final String POLICY_GENERATION = "demo-1";
    static final String SUBJECT = "demo-user";
    static final String SESSION = "demo-session";

    private final KeyPair keys;

    public DemoAuthority() throws GeneralSecurityException {
        this.keys = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
    }

    /** The engine's pinned-key entry for this key: {@code issuer:key_id:policy_generation:hex}. */
    public String keyEntry() {
        byte[] encoded = keys.getPublic().getEncoded(); // X.509 SubjectPublicKeyInfo: the raw key is the last 32 bytes
        return ISSUER + ":" + KEY_ID + ":" + POLICY_GENERATION + ":"
                + HexFormat.of().formatHex(Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length));
    }

    /** A request for one action, with a grant bound to its normalized action hash and signed. */
    public ActionRequest sign(
            String operationId,
            Action action,
            TargetRef target,
            InteractionMode mode,
            VerificationPolicy verification,
            long deadlineAtMs)
            throws ProtocolException, GeneralSecurityException {
        AuthorityGrant placeholder = grant(operationId, deadlineAtMs, "0".repeat(64));
        String hash = ProtocolHashes.normalizedActionHash(request(
                operationId,
                new SignedAuthority(placeholder, "0".repeat(128)),
                action,
                target,
                mode,
                verification,
                deadlineAtMs));
        AuthorityGrant grant = grant(operationId, deadlineAtMs, hash);
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(keys.getPrivate());
        signer.update(ProtocolHashes.canonicalGrantBytes(grant));
        return request(
                operationId,
                new SignedAuthority(grant, HexFormat.of().formatHex(signer.sign())),
                action,
                target,
                mode,
                verification,
                deadlineAtMs);
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
            SignedAuthority authority,
            Action action,
            TargetRef target,
            InteractionMode mode,
            VerificationPolicy verification,
            long deadlineAtMs) {
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
                mode,
                deadlineAtMs,
                verification,
                SafetyClass.REVERSIBLE);
    }
}

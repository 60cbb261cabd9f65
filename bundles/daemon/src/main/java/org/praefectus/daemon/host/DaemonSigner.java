package org.praefectus.daemon.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SignedAuthority;

/**
 * The daemon's Ed25519 key and the one place that signs: a 32-byte seed (hex) in {@code host-key.ed25519}
 * under the daemon's private state folder, created exclusively with mode 0600 and refused when others could
 * read it. The whole of the daemon's signing lives here so that moving to the host kit (issue #14) replaces
 * this one class.
 */
public final class DaemonSigner {

    static final String KEY_FILE = "host-key.ed25519";
    private static final Set<PosixFilePermission> FILE_MODE =
            EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

    private final Ed25519PrivateKeyParameters key;
    private final String publicKeyHex;
    private final String issuer;
    private final String policyGeneration;

    private DaemonSigner(Ed25519PrivateKeyParameters key, String issuer, String policyGeneration) {
        this.key = key;
        this.publicKeyHex = HexFormat.of().formatHex(key.generatePublicKey().getEncoded());
        this.issuer = issuer;
        this.policyGeneration = policyGeneration;
    }

    /** Loads the key from {@code stateDirectory} (a private folder), creating it on first use. */
    public static DaemonSigner loadOrCreate(Path stateDirectory, String issuer, String policyGeneration)
            throws IOException {
        StateDirectory.ensurePrivate(stateDirectory);
        Path file = stateDirectory.resolve(KEY_FILE);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] seed = new byte[32];
            new SecureRandom().nextBytes(seed);
            try {
                Files.write(
                        file,
                        HexFormat.of().formatHex(seed).getBytes(StandardCharsets.US_ASCII),
                        StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
                Files.setPosixFilePermissions(file, FILE_MODE);
            } catch (FileAlreadyExistsException raced) {
                // another daemon start created it first: use that one
            }
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("the daemon key is not a regular file");
        }
        if (!Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS).equals(FILE_MODE)) {
            throw new IOException("the daemon key file must have mode 0600");
        }
        byte[] seed;
        try {
            seed = HexFormat.of()
                    .parseHex(Files.readString(file, StandardCharsets.US_ASCII).strip());
        } catch (IllegalArgumentException e) {
            throw new IOException("the daemon key file is malformed");
        }
        if (seed.length != 32) {
            throw new IOException("the daemon key file is malformed");
        }
        return new DaemonSigner(new Ed25519PrivateKeyParameters(seed, 0), issuer, policyGeneration);
    }

    public String issuer() {
        return issuer;
    }

    public String policyGeneration() {
        return policyGeneration;
    }

    /** A stable key id derived from the public key: {@code daemon-} and 16 hex digits. */
    public String keyId() {
        return "daemon-"
                + Sha256.hex(publicKeyHex.getBytes(StandardCharsets.US_ASCII)).substring(0, 16);
    }

    public String publicKeyHex() {
        return publicKeyHex;
    }

    /** The entry pinned in the engine's {@code org.praefectus.engine.authority} {@code keys}. */
    public String pinnedKeyEntry() {
        return issuer + ":" + keyId() + ":" + policyGeneration + ":" + publicKeyHex;
    }

    /** A grant placeholder for drafts: the right issuer, key and binding fields, no signature. */
    public SignedAuthority placeholder(
            String operationId, String subject, String sessionId, SafetyClass safety, long expiresAtMs) {
        return new SignedAuthority(
                new AuthorityGrant(
                        Protocol.PROTOCOL_VERSION,
                        issuer,
                        keyId(),
                        operationId,
                        subject,
                        sessionId,
                        safety,
                        expiresAtMs,
                        policyGeneration,
                        "0".repeat(64)),
                "0".repeat(128));
    }

    /** {@code draft} with a grant bound to its normalized action hash, signed, expiring at {@code expiresAtMs}. */
    public ActionRequest sign(ActionRequest draft, long expiresAtMs) throws ProtocolException {
        AuthorityGrant grant = grant(draft, expiresAtMs, ProtocolHashes.normalizedActionHash(draft));
        Ed25519Signer signer = new Ed25519Signer();
        signer.init(true, key);
        byte[] message = ProtocolHashes.canonicalGrantBytes(grant);
        signer.update(message, 0, message.length);
        String signature = HexFormat.of().formatHex(signer.generateSignature());
        return new ActionRequest(
                draft.protocolVersion(),
                draft.actionVersion(),
                draft.targetVersion(),
                draft.verificationVersion(),
                draft.operationId(),
                draft.subject(),
                draft.sessionId(),
                new SignedAuthority(grant, signature),
                draft.action(),
                draft.target(),
                draft.interactionMode(),
                draft.deadlineAtMs(),
                draft.verification(),
                draft.safety());
    }

    private AuthorityGrant grant(ActionRequest request, long expiresAtMs, String actionHash) {
        // the same fields as the placeholder, now bound to the request's hash
        return new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                issuer,
                keyId(),
                request.operationId(),
                request.subject(),
                request.sessionId(),
                request.safety(),
                expiresAtMs,
                policyGeneration,
                actionHash);
    }

    @Override
    public String toString() {
        return "DaemonSigner[keyId=" + keyId() + "]";
    }
}

package org.praefectus.macos.executor;

import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SignedAuthority;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKey;
import org.praefectus.engine.authority.PinnedKeyring;
import org.praefectus.engine.execution.EngineOptions;
import org.praefectus.engine.execution.ExecutorRegistry;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;

/** A test host: an Ed25519 key for one test, a signed request per action, and the real engine pinned to it. */
final class TestHost {

    private final KeyPair keys;

    TestHost() throws Exception {
        this.keys = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
    }

    OperationEngine engine(MacExecutor executor, OperationLedger ledger, boolean allowGlobalInput) throws Exception {
        byte[] encoded = keys.getPublic().getEncoded();
        String hex = HexFormat.of().formatHex(Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length));
        PinnedKeyring keyring = new PinnedKeyring(List.of(PinnedKey.of("test-host", "key-1", "policy-1", hex)));
        return new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(keyring),
                NullOutcomeLedger.INSTANCE,
                ledger,
                new EngineOptions(allowGlobalInput, System::currentTimeMillis));
    }

    static OperationLedger ledger(Path directory) throws Exception {
        return new OperationLedger(directory.resolve("operations.jsonl"));
    }

    ActionRequest sign(
            String operationId, Action action, TargetRef target, InteractionMode mode, VerificationPolicy verification)
            throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        String hash = ProtocolHashes.normalizedActionHash(request(
                operationId,
                new SignedAuthority(grant(operationId, deadline, "0".repeat(64)), "0".repeat(128)),
                action,
                target,
                mode,
                verification,
                deadline));
        AuthorityGrant grant = grant(operationId, deadline, hash);
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
                deadline);
    }

    private static AuthorityGrant grant(String operationId, long expiresAtMs, String actionHash) {
        return new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                "test-host",
                "key-1",
                operationId,
                "subject",
                "session",
                SafetyClass.REVERSIBLE,
                expiresAtMs,
                "policy-1",
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
                "subject",
                "session",
                authority,
                action,
                target,
                mode,
                deadlineAtMs,
                verification,
                SafetyClass.REVERSIBLE);
    }
}

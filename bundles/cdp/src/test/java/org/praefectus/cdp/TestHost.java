package org.praefectus.cdp;

import java.nio.file.Files;
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

/**
 * A browser host for tests, as the demo host is one: an Ed25519 key generated in memory (test only), pinned in a
 * private engine with its own operation ledger, signing each request's normalized action hash.
 */
final class TestHost implements AutoCloseable {

    private static final String ISSUER = "praefectus-cdp-test";
    private static final String KEY_ID = "test-key";
    private static final String POLICY = "cdp-test";
    /** The X.509 SubjectPublicKeyInfo prefix of an Ed25519 key; the raw 32-byte key follows it. */
    private static final int X509_PREFIX = 12;

    private final KeyPair key;
    private final Path ledgerFolder;
    private final OperationLedger ledger;
    private final OperationEngine engine;

    TestHost(CdpExecutor executor) throws Exception {
        key = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        byte[] encoded = key.getPublic().getEncoded();
        String publicKey = HexFormat.of().formatHex(Arrays.copyOfRange(encoded, X509_PREFIX, encoded.length));
        ledgerFolder = Files.createTempDirectory("praefectus-cdp-ledger");
        ledger = new OperationLedger(ledgerFolder.resolve("operations.jsonl"));
        engine = new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(
                        new PinnedKeyring(List.of(PinnedKey.of(ISSUER, KEY_ID, POLICY, publicKey)))),
                NullOutcomeLedger.INSTANCE,
                ledger,
                new EngineOptions(false, System::currentTimeMillis));
    }

    OperationEngine engine() {
        return engine;
    }

    /** A signed background request (the browser is a host_isolated one). */
    ActionRequest sign(String operationId, Action action, TargetRef target, VerificationPolicy verification)
            throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        ActionRequest draft = request(
                operationId,
                action,
                target,
                verification,
                deadline,
                new SignedAuthority(grant(operationId, deadline, "0".repeat(64)), "0".repeat(128)));
        AuthorityGrant grant = grant(operationId, deadline, ProtocolHashes.normalizedActionHash(draft));
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(key.getPrivate());
        signer.update(ProtocolHashes.canonicalGrantBytes(grant));
        return request(
                operationId,
                action,
                target,
                verification,
                deadline,
                new SignedAuthority(grant, HexFormat.of().formatHex(signer.sign())));
    }

    private static AuthorityGrant grant(String operationId, long expiresAtMs, String actionHash) {
        return new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                ISSUER,
                KEY_ID,
                operationId,
                "cdp-test-user",
                "cdp-test-session",
                SafetyClass.REVERSIBLE,
                expiresAtMs,
                POLICY,
                actionHash);
    }

    private static ActionRequest request(
            String operationId,
            Action action,
            TargetRef target,
            VerificationPolicy verification,
            long deadline,
            SignedAuthority authority) {
        return new ActionRequest(
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                operationId,
                "cdp-test-user",
                "cdp-test-session",
                authority,
                action,
                target,
                InteractionMode.BACKGROUND_ONLY,
                deadline,
                verification,
                SafetyClass.REVERSIBLE);
    }

    @Override
    public void close() throws Exception {
        ledger.close();
        try (var files = Files.walk(ledgerFolder)) {
            for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}

package org.praefectus.cdp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
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
 * A browser host for tests, as the demo host is one: a key generated in memory (test only) signing through the host
 * kit's {@link HostSigner}, pinned in a private engine with its own operation ledger.
 */
final class TestHost implements AutoCloseable {

    private final HostSigner signer = new HostSigner(HostKey.generate(), "praefectus-cdp-test", "test-key", "cdp-test");
    private final Path ledgerFolder;
    private final OperationLedger ledger;
    private final OperationEngine engine;

    TestHost(CdpExecutor executor) throws Exception {
        ledgerFolder = Files.createTempDirectory("praefectus-cdp-ledger");
        ledger = new OperationLedger(ledgerFolder.resolve("operations.jsonl"));
        engine = new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(new PinnedKeyring(List.of(PinnedKey.of(signer.pinnedIssuer())))),
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
        RequestDraft draft = new RequestDraft(
                operationId,
                "cdp-test-user",
                "cdp-test-session",
                action,
                target,
                InteractionMode.BACKGROUND_ONLY,
                deadline,
                verification,
                SafetyClass.REVERSIBLE);
        return signer.sign(draft, deadline);
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

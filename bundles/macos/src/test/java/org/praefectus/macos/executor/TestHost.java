package org.praefectus.macos.executor;

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

/** A test host through the host kit: a key for one test, a signed request per action, the real engine pinned to it. */
final class TestHost {

    private final HostSigner signer = new HostSigner(HostKey.generate(), "test-host", "key-1", "policy-1");

    OperationEngine engine(MacExecutor executor, OperationLedger ledger, boolean allowGlobalInput) throws Exception {
        PinnedKeyring keyring = new PinnedKeyring(List.of(
                PinnedKey.of("test-host", "key-1", "policy-1", signer.key().publicKeyHex())));
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
        return signer.sign(
                new RequestDraft(
                        operationId,
                        "subject",
                        "session",
                        action,
                        target,
                        mode,
                        deadline,
                        verification,
                        SafetyClass.REVERSIBLE),
                deadline);
    }
}

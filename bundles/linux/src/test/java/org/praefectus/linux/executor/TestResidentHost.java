package org.praefectus.linux.executor;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.api.resident.HostRefusedException;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKey;
import org.praefectus.engine.authority.PinnedKeyring;
import org.praefectus.engine.execution.EngineOptions;
import org.praefectus.engine.execution.ExecutorRegistry;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * Test code only: a resident host that signs every proposal with an ephemeral key pinned into a real engine
 * (durable ledger in a temporary directory, global input allowed) over the real executor, until the daemon
 * of issue #16 provides the real one. {@code refusing} models a closed gate.
 */
final class TestResidentHost implements ResidentHost, AutoCloseable {

    private final HostSigner signer;
    private final OperationEngine engine;
    private final OperationLedger ledger;
    private final boolean refusing;
    private final AtomicInteger operations = new AtomicInteger();

    TestResidentHost(LinuxExecutor executor, Path directory, boolean refusing) throws Exception {
        HostKey key = HostKey.generate();
        this.signer = new HostSigner(key, "linux-test-host", key.derivedKeyId("test"), "policy-1");
        this.ledger = new OperationLedger(directory.resolve("operations.jsonl"));
        PinnedIssuer pin = signer.pinnedIssuer();
        this.engine = new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(new PinnedKeyring(
                        List.of(PinnedKey.of(pin.issuer(), pin.keyId(), pin.policyGeneration(), pin.publicKeyHex())))),
                NullOutcomeLedger.INSTANCE,
                ledger,
                new EngineOptions(true, System::currentTimeMillis));
        this.refusing = refusing;
    }

    /** How many operations were signed and executed. */
    int operations() {
        return operations.get();
    }

    @Override
    public ActionRequest draft(ActionProposal proposal) throws HostRefusedException {
        gate();
        return sign("draft", proposal);
    }

    @Override
    public ExecuteReport act(ActionProposal proposal, CancellationToken cancellation)
            throws HostRefusedException, EngineException {
        gate();
        operations.incrementAndGet();
        return engine.execute(sign("op-" + System.nanoTime(), proposal), cancellation);
    }

    private void gate() throws HostRefusedException {
        if (refusing) {
            throw new HostRefusedException(
                    "input_not_allowed", "input is not allowed: start the daemon with --allow-input");
        }
    }

    private ActionRequest sign(String operationId, ActionProposal proposal) {
        try {
            return signer.sign(
                    new RequestDraft(
                            operationId,
                            "uid:test",
                            "linux-test-session",
                            proposal.action(),
                            proposal.target(),
                            proposal.interactionMode(),
                            proposal.deadlineAtMs(),
                            proposal.verification(),
                            proposal.safety()),
                    proposal.deadlineAtMs());
        } catch (Exception e) {
            throw new IllegalStateException("the test key cannot sign", e);
        }
    }

    @Override
    public void close() {
        ledger.close();
    }
}

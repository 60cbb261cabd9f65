package org.praefectus.nativecore.desktop;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
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
 * Test code only: the resident host as the daemon is one, through the host kit — an ephemeral key signs every
 * proposal, the real engine pinned to it (durable ledger, route rules, sentinels) executes it over the executor. A
 * host made by {@link #refusingInput} models the daemon started without {@code --allow-input}. Shared through this
 * module's test jar by the Linux, macOS and Windows desktop-service tests and the live suites.
 */
public final class SigningHost implements ResidentHost, AutoCloseable {

    private final HostSigner signer;
    private final OperationEngine engine;
    private final OperationLedger ledger;
    private final boolean refusing;
    private final AtomicInteger operations = new AtomicInteger();

    /** @param allowGlobalInput what the engine is told of the host's global-input opt-in */
    public SigningHost(Executor executor, Path directory, boolean allowGlobalInput) throws Exception {
        this(executor, directory, allowGlobalInput, false);
    }

    private SigningHost(Executor executor, Path directory, boolean allowGlobalInput, boolean refusing)
            throws Exception {
        HostKey key = HostKey.generate();
        this.signer = new HostSigner(key, "fixture-host", key.derivedKeyId("test"), "policy-1");
        this.ledger = new OperationLedger(directory.resolve("operations.jsonl"));
        PinnedIssuer pin = signer.pinnedIssuer();
        this.engine = new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(new PinnedKeyring(
                        List.of(PinnedKey.of(pin.issuer(), pin.keyId(), pin.policyGeneration(), pin.publicKeyHex())))),
                NullOutcomeLedger.INSTANCE,
                ledger,
                new EngineOptions(allowGlobalInput, System::currentTimeMillis));
        this.refusing = refusing;
    }

    /** A host whose input gate is closed: it drafts and signs nothing, refusing as the daemon does. */
    public static SigningHost refusingInput(Executor executor, Path directory) throws Exception {
        return new SigningHost(executor, directory, true, true);
    }

    /** How many operations were signed and executed. */
    public int operations() {
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
                            "fixture-session",
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

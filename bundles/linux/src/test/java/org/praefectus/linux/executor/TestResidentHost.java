package org.praefectus.linux.executor;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
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
import org.praefectus.linux.demo.DemoAuthority;

/**
 * Test code only: a resident host that signs every proposal with an ephemeral key pinned into a real engine
 * (durable ledger in a temporary directory, global input allowed) over the real executor, until the daemon
 * of issue #16 provides the real one. {@code refusing} models a closed gate.
 */
final class TestResidentHost implements ResidentHost, AutoCloseable {

    private final DemoAuthority authority;
    private final OperationEngine engine;
    private final OperationLedger ledger;
    private final boolean refusing;
    private final AtomicInteger operations = new AtomicInteger();

    TestResidentHost(LinuxExecutor executor, Path directory, boolean refusing) throws Exception {
        this.authority = new DemoAuthority();
        this.ledger = new OperationLedger(directory.resolve("operations.jsonl"));
        String[] entry = authority.keyEntry().split(":");
        this.engine = new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(
                        new PinnedKeyring(List.of(PinnedKey.of(entry[0], entry[1], entry[2], entry[3])))),
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
            return authority.sign(
                    operationId,
                    proposal.action(),
                    proposal.target(),
                    proposal.interactionMode(),
                    proposal.verification(),
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

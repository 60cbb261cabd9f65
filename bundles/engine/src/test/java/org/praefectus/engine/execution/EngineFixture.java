package org.praefectus.engine.execution;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.praefectus.api.engine.AuthorityDeniedException;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.engine.VerifiedAuthority;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.engine.ledger.OperationLedger;

/** An engine over a scripted executor, a real file ledger in a temporary directory and a real verifier. */
final class EngineFixture implements AutoCloseable {

    final TestAuthority host = new TestAuthority();
    final ScriptedExecutor executor = new ScriptedExecutor();
    final ExecutorRegistry registry = ExecutorRegistry.of(executor);
    final AtomicInteger verifications = new AtomicInteger();
    final Path ledgerPath;
    final OperationLedger ledger;
    final OperationEngine engine;

    EngineFixture(Path directory) {
        this(directory, NullOutcomeLedger.INSTANCE, false);
    }

    EngineFixture(Path directory, OutcomeLedger outcomes, boolean allowGlobalInput) {
        this.ledgerPath = directory.resolve("operations.jsonl");
        this.ledger = new OperationLedger(ledgerPath);
        AuthorityVerifier real = host.verifier();
        AuthorityVerifier counting = new AuthorityVerifier() {
            @Override
            public VerifiedAuthority verify(ActionRequest request, String actionHash) throws AuthorityDeniedException {
                verifications.incrementAndGet();
                return real.verify(request, actionHash);
            }
        };
        this.engine = new OperationEngine(
                registry, counting, outcomes, ledger, new EngineOptions(allowGlobalInput, System::currentTimeMillis));
    }

    /** Operations claimed in the ledger file so far. */
    int claimedOperations() throws Exception {
        try (OperationLedger fresh = new OperationLedger(ledgerPath);
                OperationLedger.Session s = fresh.lock()) {
            return s.operations();
        }
    }

    @Override
    public void close() {
        ledger.close();
    }
}

package org.praefectus.engine.crash;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.engine.AuthorityDeniedException;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.OutcomeDecision;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.engine.VerifiedAuthority;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Evidence;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.engine.execution.EngineOptions;
import org.praefectus.engine.execution.ExecutorRegistry;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.execution.TestAuthority;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * A child JVM for {@link CrashRecoveryTest}: executes one background set_value through the real engine and
 * file ledger with an executor whose effect increments a counter file (fsynced). At the named point it
 * prints {@code REACHED <point>} and waits to be killed; with point {@code none} it prints the result.
 *
 * <p>Points, in execution order: {@code before-claim} (authority verified, ledger not yet locked),
 * {@code after-claim} (claim fsynced: the host outcome ledger is asked next), {@code mid-dispatch} (effect
 * written, dispatch not returned), {@code after-dispatch} (dispatch returned: second sentinel sample),
 * {@code before-terminal} (verification observation, the last call before the terminal is written),
 * {@code host-record} (the host outcome ledger records the terminal, which the reference does before the
 * file ledger's terminal is written).
 */
public final class CrashChild {

    private final String point;
    private final Path effects;

    private CrashChild(String point, Path effects) {
        this.point = point;
        this.effects = effects;
    }

    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args[0]);
        CrashChild child = new CrashChild(args[1], directory.resolve("effects.count"));
        child.run(directory.resolve("ledger/operations.jsonl"));
    }

    private void pause(String here) {
        if (!point.equals(here)) {
            return;
        }
        System.out.println("REACHED " + here);
        System.out.flush();
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException ignored) {
                // only SIGKILL ends this process
            }
        }
    }

    private void run(Path ledgerPath) throws Exception {
        TestAuthority host = new TestAuthority();
        AuthorityVerifier real = host.verifier();
        AuthorityVerifier verifier = new AuthorityVerifier() {
            @Override
            public VerifiedAuthority verify(ActionRequest request, String hash) throws AuthorityDeniedException {
                VerifiedAuthority verified = real.verify(request, hash);
                pause("before-claim");
                return verified;
            }
        };
        OutcomeLedger outcomes = new OutcomeLedger() {
            @Override
            public OutcomeDecision begin(OutcomeKey key) {
                pause("after-claim");
                return new OutcomeDecision.Dispatch();
            }

            @Override
            public void record(OutcomeKey key, Terminal terminal) {
                pause("host-record");
            }
        };
        try (OperationLedger ledger = new OperationLedger(ledgerPath)) {
            OperationEngine engine = new OperationEngine(
                    ExecutorRegistry.of(new CountingExecutor()),
                    verifier,
                    outcomes,
                    ledger,
                    new EngineOptions(false, System::currentTimeMillis));
            ActionRequest request = host.request("crash-op")
                    .setValue("crash value")
                    .mode(InteractionMode.BACKGROUND_ONLY)
                    .build();
            ExecuteReport report = engine.execute(request, new CancellationToken());
            Terminal terminal = report.terminal();
            String message = terminal instanceof Terminal.OutcomeUnknown unknown ? unknown.message() : "";
            System.out.println("RESULT kind=" + terminal.kind() + " replayed="
                    + report.terminalAck().replayed() + " effects=" + count() + " message=" + message);
        }
    }

    private long count() throws IOException {
        try (FileChannel channel = FileChannel.open(
                effects, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.allocate(32);
            channel.read(buffer, 0);
            String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).trim();
            return text.isEmpty() ? 0 : Long.parseLong(text);
        }
    }

    private void increment() throws IOException {
        long next = count() + 1;
        try (FileChannel channel = FileChannel.open(effects, StandardOpenOption.WRITE)) {
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(Long.toString(next).getBytes(StandardCharsets.US_ASCII)), 0);
            channel.force(true);
        }
    }

    /** A target-addressed executor whose only effect is the counter file. */
    private final class CountingExecutor implements Executor {
        private boolean dispatched;
        private int contextSamples;

        @Override
        public Capabilities capabilities() {
            return Capabilities.of(
                    "test",
                    "counting",
                    SessionIsolation.SHARED_DESKTOP,
                    java.util.List.of(new ActionCapability(
                            "set_value", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED)),
                    java.util.Map.of(),
                    TestAuthority.hash("geometry"));
        }

        @Override
        public String sharedDesktopContextHash(CancellationToken cancellation, long deadlineAtMs) {
            if (++contextSamples == 2) {
                pause("after-dispatch");
            }
            return "unchanged";
        }

        @Override
        public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs) {
            if (dispatched) {
                pause("before-terminal");
            }
            String value = dispatched ? "crash value" : "old";
            return new Observation(
                    new Evidence(
                            TestAuthority.hash(value),
                            TestAuthority.ELEMENT.fingerprintHash(),
                            TestAuthority.hash("geometry"),
                            System.currentTimeMillis()),
                    JsonValue.JsonObject.builder()
                            .put("value_hash", TestAuthority.hash(value))
                            .build());
        }

        @Override
        public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs) {
            return new ResolvedTarget.Semantic(((TargetRef.Element) target).target());
        }

        @Override
        public DispatchReceipt dispatch(
                Action action,
                ResolvedTarget target,
                VerificationPolicy verification,
                CancellationToken cancellation,
                long deadlineAtMs) {
            try {
                increment();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            dispatched = true;
            pause("mid-dispatch");
            return DispatchReceipt.of("counting");
        }
    }
}

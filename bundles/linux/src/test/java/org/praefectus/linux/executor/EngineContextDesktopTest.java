package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.ContextPreservation;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKey;
import org.praefectus.engine.authority.PinnedKeyring;
import org.praefectus.engine.execution.EngineOptions;
import org.praefectus.engine.execution.ExecutorRegistry;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * The real engine (signed grant, durable ledger) dispatching a background invoke through the Linux executor
 * whose effect moves the shared desktop's focus: the sentinel sees the change and the receipt says so.
 */
class EngineContextDesktopTest {

    @TempDir
    Path directory;

    private static OperationEngine engine(LinuxExecutor executor, HostSigner authority, OperationLedger ledger)
            throws Exception {
        PinnedKeyring keyring = new PinnedKeyring(List.of(PinnedKey.of(authority.pinnedIssuer())));
        return new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(keyring),
                NullOutcomeLedger.INSTANCE,
                ledger,
                new EngineOptions(false, System::currentTimeMillis));
    }

    @Test
    void aFocusChangeDuringABackgroundInvokeIsOutcomeUnknownAndTheRerunDoesNotDispatchAgain() throws Exception {
        OperationLedger ledger = new OperationLedger(directory.resolve("operations.jsonl"));
        try (GtkApp factory = GtkApp.widgetFactory();
                LinuxExecutor executor = Desktop.executor(directory, false)) {
            // the header bar's menu button: activating it opens a popover that takes the keyboard focus inside
            // the same window (no window manager involved), before the application answers the next request
            SemanticObservation observation =
                    Desktop.observeUntil(executor, factory.pid(), Desktop.roleAndName("toggle button", "Menu"));
            assertTrue(Desktop.find(observation, Desktop.roleAndName("toggle button", "Menu"))
                    .actionability()
                    .invokable());
            TargetRef menu = new TargetRef.Element(
                    observation.target(Desktop.find(observation, Desktop.roleAndName("toggle button", "Menu"))
                            .tag()));
            // the scenario needs the factory in the foreground
            Desktop.bringToFront(factory.pid());
            String before = Desktop.settledContextHash(executor);

            HostSigner authority = new HostSigner(HostKey.generate(), "context-test", "key-1", "gen-1");
            ActionRequest request = authority.sign(
                    new RequestDraft(
                            "context-1",
                            "subject-1",
                            "session-1",
                            new Action.Invoke(),
                            menu,
                            InteractionMode.BACKGROUND_ONLY,
                            Desktop.deadline(),
                            new VerificationPolicy.None(),
                            SafetyClass.REVERSIBLE),
                    Desktop.deadline());
            OperationEngine engine = engine(executor, authority, ledger);

            ExecuteReport first = engine.execute(request, new CancellationToken());
            Terminal.OutcomeUnknown unknown = assertInstanceOf(Terminal.OutcomeUnknown.class, first.terminal());
            // the popover takes the focus in steps: the engine's second sample sees either the new focus
            // (changed) or a desktop still settling (unavailable); both mean the context was not preserved
            assertTrue(
                    Set.of(ContextPreservation.CHANGED, ContextPreservation.UNAVAILABLE)
                            .contains(unknown.receipt().contextPreservation()),
                    unknown.receipt().contextPreservation().name());
            assertEquals(Effect.UNKNOWN, unknown.receipt().effect());
            assertEquals(InteractionMode.BACKGROUND_ONLY, unknown.receipt().interactionMode());
            assertTrue(unknown.receipt().warnings().contains("shared desktop context preservation is unknown"));
            String after = Desktop.settledContextHash(executor);
            assertTrue(!before.equals(after), "the popover really holds the focus now");

            ExecuteReport rerun = engine.execute(request, new CancellationToken());
            assertEquals(1, rerun.acknowledgements().size());
            assertTrue(rerun.terminalAck().replayed());
            assertEquals(first.terminal(), rerun.terminal());
            // a second activation would have toggled the menu button and closed the popover again
            assertEquals(
                    after,
                    executor.sharedDesktopContextHash(new CancellationToken(), Desktop.deadline()),
                    "the rerun dispatched nothing");
        } finally {
            ledger.close();
        }
    }
}

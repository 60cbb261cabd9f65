package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ContextPreservation;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.FailureCode;
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

/** The real engine over the Windows executor and the fixtures, signed through the host kit. */
class EngineOverFixturesTest {

    @TempDir
    Path directory;

    private final HostSigner signer = new HostSigner(HostKey.generate(), "test-host", "key-1", "policy-1");

    private OperationEngine engine(WindowsExecutor executor, OperationLedger ledger, boolean globalInput)
            throws Exception {
        return new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(new PinnedKeyring(List.of(PinnedKey.of(
                        "test-host", "key-1", "policy-1", signer.key().publicKeyHex())))),
                NullOutcomeLedger.INSTANCE,
                ledger,
                new EngineOptions(globalInput, System::currentTimeMillis));
    }

    private ExecuteReport execute(
            WindowsExecutor executor, String id, Action action, TargetRef target, VerificationPolicy verification)
            throws Exception {
        return execute(executor, id, action, target, verification, InteractionMode.BACKGROUND_ONLY);
    }

    private ExecuteReport execute(
            WindowsExecutor executor,
            String id,
            Action action,
            TargetRef target,
            VerificationPolicy verification,
            InteractionMode mode)
            throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        try (OperationLedger ledger = new OperationLedger(directory.resolve(id + ".jsonl"))) {
            return engine(executor, ledger, mode == InteractionMode.INTERACTIVE)
                    .execute(
                            signer.sign(
                                    new RequestDraft(
                                            id,
                                            "subject",
                                            "session",
                                            action,
                                            target,
                                            mode,
                                            deadline,
                                            verification,
                                            SafetyClass.REVERSIBLE),
                                    deadline),
                            new CancellationToken());
        }
    }

    @Test
    void aBackgroundSetValueThroughTheValuePatternIsVerified() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();
        TargetRef server = new TargetRef.Element(observation.target(
                WinTesting.element(observation, "edit", "Server").tag()));
        String value = "db.example.test";

        ExecuteReport report = execute(
                win.executor,
                "set-1",
                new Action.SetValue(value),
                server,
                new VerificationPolicy.TargetValueHash(Sha256.hex(value.getBytes(StandardCharsets.UTF_8))));

        Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, report.terminal());
        assertEquals(Effect.VERIFIED, succeeded.receipt().effect());
        assertEquals(DeliveryRoute.TARGET_ADDRESSED, succeeded.receipt().deliveryRoute());
        assertEquals(
                ContextPreservation.UNCHANGED_AT_BOUNDARIES, succeeded.receipt().contextPreservation());
    }

    @Test
    void anApplicationThatIgnoresTheValueIsAnUnknownOutcomeNotASuccess() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        desktop.front().ignoresValues = true;
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();
        TargetRef server = new TargetRef.Element(observation.target(
                WinTesting.element(observation, "edit", "Server").tag()));

        ExecuteReport report = execute(
                win.executor,
                "set-2",
                new Action.SetValue("x"),
                server,
                new VerificationPolicy.TargetValueHash(Sha256.hex("x".getBytes(StandardCharsets.UTF_8))));

        assertInstanceOf(Terminal.OutcomeUnknown.class, report.terminal());
    }

    @Test
    void backgroundTypingIsRejectedBeforeAnyInput() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation observation = win.observe();
        TargetRef editor = new TargetRef.Element(observation.target(
                WinTesting.element(observation, "document", "Text editor").tag()));

        ExecuteReport report = execute(
                win.executor,
                "type-1",
                new Action.TypeText("x", false, false, null),
                editor,
                new VerificationPolicy.None());

        // SendInput is global pointer input: never background on a shared desktop
        Terminal.Rejected rejected = assertInstanceOf(Terminal.Rejected.class, report.terminal());
        assertEquals(FailureCode.UNSUPPORTED, rejected.code());
        assertEquals(List.of(), desktop.effects);
    }

    @Test
    void aCursorThatMovesDuringABackgroundInvokeIsAnUnknownOutcome() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();
        TargetRef ok = new TargetRef.Element(observation.target(
                WinTesting.element(observation, "button", "OK").tag()));
        desktop.onEffect = () -> desktop.cursor = new long[] {500, 500};

        ExecuteReport report =
                execute(win.executor, "invoke-1", new Action.Invoke(), ok, new VerificationPolicy.None());

        // the sentinel sampled after the invoke differs from the one before: never a success
        assertInstanceOf(Terminal.OutcomeUnknown.class, report.terminal());
        assertEquals(List.of(new FakeWindows.Effect("invoke", "OK")), desktop.effects);
    }

    @Test
    void anInteractivePasteReachesTheEditorAndIsReportedAsPointerInput() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        SemanticObservation observation = win.observe();
        TargetRef editor = new TargetRef.Element(observation.target(
                WinTesting.element(observation, "document", "Text editor").tag()));

        ExecuteReport report = execute(
                win.executor,
                "paste-1",
                new Action.Paste(" notes"),
                editor,
                new VerificationPolicy.None(),
                InteractionMode.INTERACTIVE);

        // target_value_hash binds set_value only; the paste's effect is read here from the editor
        Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, report.terminal());
        assertEquals(Effect.EXECUTED_UNVERIFIED, succeeded.receipt().effect());
        assertEquals(DeliveryRoute.POINTER, succeeded.receipt().deliveryRoute());
        assertEquals("Draft notes", desktop.front().focused.value);
    }
}

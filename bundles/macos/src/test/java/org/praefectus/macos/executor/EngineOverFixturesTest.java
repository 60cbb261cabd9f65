package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ContextPreservation;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;
import org.praefectus.macos.quartz.Display;

/**
 * The real engine (signed grants, durable ledger, route rules, sentinels, verification) over the macOS
 * executor and the fixtures: what a host on a Mac would see, except that the AX and Quartz calls are fixtures.
 */
class EngineOverFixturesTest {

    @TempDir
    Path directory;

    @Test
    void aBackgroundSetValueOnTheTextEditDocumentIsVerifiedAndReplayedWithoutDispatch() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        TestHost host = new TestHost();
        SemanticObservation observation = mac.observe();
        TargetRef text = new TargetRef.Element(observation.target(MacTesting.tag(observation, "AXTextArea", null)));
        String notes = "Fixed research notes";
        try (OperationLedger ledger = TestHost.ledger(directory)) {
            OperationEngine engine = host.engine(mac.executor, ledger, false);
            var request = host.sign(
                    "set-1",
                    new Action.SetValue(notes),
                    text,
                    InteractionMode.BACKGROUND_ONLY,
                    new VerificationPolicy.TargetValueHash(Sha256.hex(notes.getBytes(StandardCharsets.UTF_8))));

            ExecuteReport report = engine.execute(request, new CancellationToken());
            ExecuteReport replay = engine.execute(request, new CancellationToken());

            Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, report.terminal());
            assertEquals(Effect.VERIFIED, succeeded.receipt().effect());
            assertEquals(DeliveryRoute.TARGET_ADDRESSED, succeeded.receipt().deliveryRoute());
            assertEquals(
                    ContextPreservation.UNCHANGED_AT_BOUNDARIES,
                    succeeded.receipt().contextPreservation());
            assertEquals(MacExecutor.BACKEND_NAME, succeeded.receipt().backend());
            assertTrue(replay.terminalAck().replayed());
            assertEquals(1, desktop.effects("set_text").size());
        }
    }

    @Test
    void aSetValueTheApplicationIgnoredIsAnUnknownOutcomeNeverSuccess() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        // TextEdit answers success but keeps its text: only the AXValue read back can tell
        desktop.front().ignoresChanges = true;
        MacTesting mac = new MacTesting(desktop, directory);
        TestHost host = new TestHost();
        SemanticObservation observation = mac.observe();
        TargetRef text = new TargetRef.Element(observation.target(MacTesting.tag(observation, "AXTextArea", null)));
        String notes = "Fixed research notes";
        try (OperationLedger ledger = TestHost.ledger(directory)) {
            ExecuteReport report = host.engine(mac.executor, ledger, false)
                    .execute(
                            host.sign(
                                    "set-ignored",
                                    new Action.SetValue(notes),
                                    text,
                                    InteractionMode.BACKGROUND_ONLY,
                                    new VerificationPolicy.TargetValueHash(
                                            Sha256.hex(notes.getBytes(StandardCharsets.UTF_8)))),
                            new CancellationToken());

            assertInstanceOf(Terminal.OutcomeUnknown.class, report.terminal());
            assertEquals(1, desktop.effects("set_text").size());
        }
    }

    @Test
    void backgroundTypingIsDeliveredPerProcessAndReportedSo() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit", "finder");
        MacTesting mac = new MacTesting(desktop, directory);
        TestHost host = new TestHost();
        SemanticObservation observation = mac.observe();
        TargetRef text = new TargetRef.Element(observation.target(MacTesting.tag(observation, "AXTextArea", null)));
        try (OperationLedger ledger = TestHost.ledger(directory)) {
            ExecuteReport report = host.engine(mac.executor, ledger, false)
                    .execute(
                            host.sign(
                                    "type-1",
                                    new Action.TypeText("hello", false, false, null),
                                    text,
                                    InteractionMode.BACKGROUND_ONLY,
                                    new VerificationPolicy.None()),
                            new CancellationToken());

            Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, report.terminal());
            assertEquals(DeliveryRoute.PER_PROCESS_EVENT, succeeded.receipt().deliveryRoute());
            assertEquals(Effect.EXECUTED_UNVERIFIED, succeeded.receipt().effect());
            assertEquals(List.of(), desktop.effects("post_global"));
            assertTrue(desktop.effects("post_to_pid").stream().allMatch(e -> e.processId() == 512));
        }
    }

    @Test
    void bothScrollRoutesAreReportedAsTheWeakerPerProcessRoute() throws Exception {
        // Finder's file list advertises the page-scroll action (no input at all), TextEdit's scroll area does
        // not (a wheel event to its process): the receipt claims the weaker route either way
        for (String app : List.of("finder", "textedit")) {
            FakeDesktop desktop = Fixtures.desktop(app);
            MacTesting mac = new MacTesting(desktop, directory.resolve(app));
            TestHost host = new TestHost();
            SemanticObservation observation = mac.observe();
            TargetRef area = new TargetRef.Element(observation.target(
                    MacTesting.tag(observation, "AXScrollArea", app.equals("finder") ? "files" : null)));
            try (OperationLedger ledger = TestHost.ledger(Files.createDirectories(directory.resolve(app)))) {
                ExecuteReport report = host.engine(mac.executor, ledger, false)
                        .execute(
                                host.sign(
                                        "scroll-1",
                                        new Action.Scroll(Direction.DOWN, 1),
                                        area,
                                        InteractionMode.BACKGROUND_ONLY,
                                        new VerificationPolicy.None()),
                                new CancellationToken());

                Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, report.terminal(), app);
                assertEquals(
                        DeliveryRoute.PER_PROCESS_EVENT, succeeded.receipt().deliveryRoute(), app);
                assertEquals(
                        app.equals("finder") ? 1 : 0, desktop.effects("perform").size(), app + ": page actions");
                assertEquals(
                        app.equals("finder") ? 0 : 1,
                        desktop.effects("post_to_pid").size(),
                        app + ": wheel events");
                assertEquals(List.of(), desktop.effects("post_global"));
            }
        }
    }

    @Test
    void aFocusChangeDuringABackgroundInvokeIsOutcomeUnknown() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        TestHost host = new TestHost();
        SemanticObservation observation = mac.observe();
        TargetRef back = new TargetRef.Element(observation.target(MacTesting.tag(observation, "AXButton", "Back")));
        // pressing Back moves the keyboard focus to the search field (an application reacting to the press)
        desktop.onEffect =
                () -> desktop.front().focused = desktop.front().window().find("AXTextField", null);
        try (OperationLedger ledger = TestHost.ledger(directory)) {
            ExecuteReport report = host.engine(mac.executor, ledger, false)
                    .execute(
                            host.sign(
                                    "invoke-1",
                                    new Action.Invoke(),
                                    back,
                                    InteractionMode.BACKGROUND_ONLY,
                                    new VerificationPolicy.None()),
                            new CancellationToken());

            Terminal.OutcomeUnknown unknown = assertInstanceOf(Terminal.OutcomeUnknown.class, report.terminal());
            assertEquals(ContextPreservation.CHANGED, unknown.receipt().contextPreservation());
            assertEquals(1, desktop.effects("perform").size());
        }
    }

    @Test
    void aCoordinateClickIsRefusedByTheEngineWithoutTheGlobalInputOptIn() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        TestHost host = new TestHost();
        var coordinates = mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());
        try (OperationLedger ledger = TestHost.ledger(directory)) {
            ExecuteReport report = host.engine(mac.executor, ledger, false)
                    .execute(
                            host.sign(
                                    "click-1",
                                    new Action.Click(org.praefectus.api.protocol.MouseButton.LEFT, 1, false),
                                    InputRouteTest.point(coordinates, 300, 300),
                                    InteractionMode.INTERACTIVE,
                                    new VerificationPolicy.None()),
                            new CancellationToken());

            Terminal.Rejected rejected = assertInstanceOf(Terminal.Rejected.class, report.terminal());
            assertEquals(FailureCode.PERMISSION_DENIED, rejected.code());
            assertEquals(List.of(), desktop.effects);
        }
    }

    @Test
    void withTheOptInACoordinateClickIsGlobalPointerInputAndNeverBackground() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        TestHost host = new TestHost();
        var coordinates = mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());
        TargetRef point = InputRouteTest.point(coordinates, 300, 300);
        Action click = new Action.Click(org.praefectus.api.protocol.MouseButton.LEFT, 1, false);
        try (OperationLedger ledger = TestHost.ledger(directory)) {
            OperationEngine engine = host.engine(mac.executor, ledger, true);

            ExecuteReport background = engine.execute(
                    host.sign("click-bg", click, point, InteractionMode.BACKGROUND_ONLY, new VerificationPolicy.None()),
                    new CancellationToken());
            assertInstanceOf(Terminal.Rejected.class, background.terminal());
            assertEquals(List.of(), desktop.effects);

            ExecuteReport interactive = engine.execute(
                    host.sign("click-fg", click, point, InteractionMode.INTERACTIVE, new VerificationPolicy.None()),
                    new CancellationToken());
            Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, interactive.terminal());
            assertEquals(DeliveryRoute.POINTER, succeeded.receipt().deliveryRoute());
            assertEquals(List.of(), desktop.effects("post_to_pid"));
            assertTrue(!desktop.effects("post_global").isEmpty());
        }
    }

    @Test
    void aTargetWhoseDisplayChangedIsRejectedBeforeAnyEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        MacTesting mac = new MacTesting(desktop, directory);
        TestHost host = new TestHost();
        SemanticObservation observation = mac.observe();
        TargetRef back = new TargetRef.Element(observation.target(MacTesting.tag(observation, "AXButton", "Back")));
        desktop.displays.add(new Display(2, 1440, 0, 1920, 1080, 1920, 1080));
        try (OperationLedger ledger = TestHost.ledger(directory)) {
            ExecuteReport report = host.engine(mac.executor, ledger, false)
                    .execute(
                            host.sign(
                                    "invoke-2",
                                    new Action.Invoke(),
                                    back,
                                    InteractionMode.INTERACTIVE,
                                    new VerificationPolicy.None()),
                            new CancellationToken());

            Terminal.Rejected rejected = assertInstanceOf(Terminal.Rejected.class, report.terminal());
            assertEquals(FailureCode.STALE_TARGET, rejected.code());
            assertEquals(List.of(), desktop.effects);
        }
    }
}

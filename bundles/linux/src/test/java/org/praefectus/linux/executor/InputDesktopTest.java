package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** XTest input behind the host opt-in, coordinate fences and screenshots, on a real desktop. */
class InputDesktopTest {

    @TempDir
    Path screenshots;

    private static String hash(String value) {
        return Sha256.hex(value.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Dispatches the input action at a real zenity entry (zenity focuses it): an executor without the opt-in
     * refuses it with no effect; with the opt-in, the entry's text read back over AT-SPI becomes
     * {@code expected}.
     */
    private void assertInputReachesAnEntry(String title, Action action, String expected) throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry(title);
                LinuxExecutor refusing = Desktop.executor(screenshots, false);
                LinuxExecutor allowed = Desktop.executor(screenshots, true)) {
            SemanticObservation observation = Desktop.observeUntil(refusing, zenity.pid(), Desktop.role("text"));
            TargetRef entry = new TargetRef.Element(observation.target(
                    Desktop.find(observation, Desktop.role("text")).tag()));

            DispatchException refused = assertThrows(
                    DispatchException.class,
                    () -> refusing.dispatch(
                            action,
                            new ResolvedTarget.None(),
                            new VerificationPolicy.None(),
                            new CancellationToken(),
                            Desktop.deadline()));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
            assertEquals(hash(""), Desktop.valueHash(refusing, entry));

            allowed.dispatch(
                    action,
                    new ResolvedTarget.None(),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            await("the entry reads the input back")
                    .atMost(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> Desktop.valueHash(refusing, entry), hash(expected)::equals);
        }
    }

    @Test
    void typingIsRefusedWithNoEffectWithoutTheOptInAndWorksWithIt() throws Exception {
        assertInputReachesAnEntry(
                "Praefectus Type", new Action.TypeText("Typed, 42!", false, false, null), "Typed, 42!");
    }

    @Test
    void pasteInsertsTheTextThroughTheClipboardIntoARealEntry() throws Exception {
        // Ctrl+V in the entry asks the clipboard owner for UTF8_STRING
        String text = "Pasted: ünïcode & 42";
        assertInputReachesAnEntry("Praefectus Paste", new Action.Paste(text), text);
    }

    @Test
    void aFencedClickPressesARealButton() throws Exception {
        try (GtkApp zenity = GtkApp.zenityInfo("Praefectus Click");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            Rect ok = Desktop.find(observation, Desktop.roleAndName("push button", "OK"))
                    .bounds();
            TargetRef.Coordinates point =
                    Desktop.settledPoint(executor, ok.x() + ok.width() / 2, ok.y() + ok.height() / 2);

            ResolvedTarget resolved = executor.resolve(point, new CancellationToken(), Desktop.deadline());
            executor.dispatch(
                    new Action.Click(MouseButton.LEFT, 1, false),
                    resolved,
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());

            assertEquals(0, zenity.waitForExit(10));
        }
    }

    @Test
    void aScreenChangeBreaksTheCoordinateFence() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            TargetRef.Coordinates point = Desktop.settledPoint(executor, 960, 540);

            try (GtkApp zenity = GtkApp.zenityInfo("Praefectus Screen Change")) {
                Desktop.surfaceOf(executor, zenity.pid());
                ExecutorException stale = assertThrows(
                        ExecutorException.class,
                        () -> executor.resolve(point, new CancellationToken(), Desktop.deadline()));
                assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
                DispatchException refused = assertThrows(
                        DispatchException.class,
                        () -> executor.dispatch(
                                new Action.Move(),
                                new ResolvedTarget.Native(new CoordinateTarget(point)),
                                new VerificationPolicy.None(),
                                new CancellationToken(),
                                Desktop.deadline()));
                assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            }

            TargetRef.Coordinates wrongDisplay = new TargetRef.Coordinates(
                    960,
                    540,
                    "x11-crtc-999",
                    point.displayGeometryHash(),
                    point.snapshotId(),
                    point.snapshotContentHash());
            assertThrows(
                    ExecutorException.class,
                    () -> executor.resolve(wrongDisplay, new CancellationToken(), Desktop.deadline()));
        }
    }

    @Test
    void aScreenshotIsWrittenOwnerOnlyAndNeverReturned() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            TargetRef.Coordinates point = Desktop.settledPoint(executor, 10, 10);
            var receipt = executor.dispatch(
                    new Action.Screenshot(screenshots.resolve("shot.png").toString()),
                    executor.resolve(point, new CancellationToken(), Desktop.deadline()),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            assertEquals("praefectus-x11-xtest", receipt.backend());
            try (Stream<Path> files = Files.list(screenshots)) {
                List<Path> written = files.toList();
                assertEquals(List.of(screenshots.resolve("shot.png")), written);
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(written.get(0))));
                byte[] png = Files.readAllBytes(written.get(0));
                assertEquals((byte) 0x89, png[0]);
                assertEquals('P', png[1]);
            }
        }
    }

    @Test
    void aWaylandSessionIsReportedAndRefusesEveryX11Path() throws Exception {
        Map<String, String> wayland = Desktop.environment(true);
        wayland.put("XDG_SESSION_TYPE", "wayland");
        try (LinuxExecutor executor = new LinuxExecutor(
                new DesktopConnections(wayland), new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, screenshots))) {
            Capabilities capabilities = executor.capabilities();
            assertTrue(capabilities.permissions().get("wayland"));
            assertEquals(false, capabilities.permissions().get("x11"));
            assertEquals(List.of("invoke", "set_value", "select_text"), capabilities.supportedActions());
            DispatchException refused = assertThrows(
                    DispatchException.class,
                    () -> executor.dispatch(
                            new Action.TypeText("x", false, false, null),
                            new ResolvedTarget.None(),
                            new VerificationPolicy.None(),
                            new CancellationToken(),
                            Desktop.deadline()));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            assertEquals(
                    ExecutorFailure.UNAVAILABLE,
                    assertThrows(
                                    ExecutorException.class,
                                    () -> executor.observeCoordinates(new CancellationToken(), Desktop.deadline()))
                            .failure());
        }
    }

    /**
     * Input at an element is delivered only at its live, fenced centre: once its window moved, the click is
     * refused with no effect even when the action allows a coordinate fallback (its old coordinates are
     * never used).
     */
    @Test
    void aStaleElementTargetIsNotClickedThroughItsOldCoordinates() throws Exception {
        try (GtkApp zenity = GtkApp.zenityInfo("Praefectus No Fallback");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            SemanticElement ok = Desktop.find(observation, Desktop.roleAndName("push button", "OK"));
            TargetRef.Element target = new TargetRef.Element(observation.target(ok.tag()));
            ResolvedTarget resolved = executor.resolve(target, new CancellationToken(), Desktop.deadline());
            Desktop.refusedAfterMoving(
                    "Praefectus No Fallback",
                    40,
                    40,
                    () -> executor.resolve(target, new CancellationToken(), Desktop.deadline()));
            DispatchException refused = assertThrows(
                    DispatchException.class,
                    () -> executor.dispatch(
                            new Action.Click(MouseButton.LEFT, 1, true),
                            resolved,
                            new VerificationPolicy.None(),
                            new CancellationToken(),
                            Desktop.deadline()));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            assertEquals(FailureCode.STALE_TARGET, refused.code());
            assertTrue(zenity.alive());
        }
    }
}

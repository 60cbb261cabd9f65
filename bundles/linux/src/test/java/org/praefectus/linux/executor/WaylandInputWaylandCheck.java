package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.imageio.ImageIO;
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
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * The executor on a real Wayland session (headless gnome-shell, xdg-desktop-portal with the GNOME backend):
 * observation over AT-SPI, coordinate fences and screenshots through the Screenshot portal, clicks and typing
 * through the RemoteDesktop portal behind the opt-in and the person's approval. Runs only inside
 * scripts/test-wayland-desktop; fails, never skips, anywhere else.
 */
class WaylandInputWaylandCheck {

    @TempDir
    Path screenshots;

    private static String hash(String value) {
        return Sha256.hex(value.getBytes(StandardCharsets.UTF_8));
    }

    private static String valueHash(LinuxExecutor executor, TargetRef entry) {
        return await("the entry's text is read")
                .atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(200))
                // the activated window may still be changing its description: read again (the timeout names the
                // last refusal)
                .ignoreExceptionsInstanceOf(ExecutorException.class)
                .until(() -> Desktop.valueHash(executor, entry), Objects::nonNull);
    }

    /**
     * A pointer action at a settled point of the screen. The fence may still refuse it as stale when the screen
     * moves between resolve and dispatch (the consent window fading out, a caret): that refusal has no effect,
     * so the point is settled again, as a host would after a stale_target, until the dispatch goes through.
     */
    private static void dispatchAtSettledPoint(LinuxExecutor executor, Action action, long x, long y, long timeoutMs)
            throws Exception {
        // the compositor's dialogs fade for longer on a loaded machine: waited out for 30 s, not a number of tries
        long giveUpAt = System.currentTimeMillis() + 30_000;
        while (true) {
            try {
                executor.dispatch(
                        action,
                        Desktop.settledTarget(executor, x, y),
                        new VerificationPolicy.None(),
                        new CancellationToken(),
                        System.currentTimeMillis() + timeoutMs);
                return;
            } catch (DispatchException stale) {
                if (System.currentTimeMillis() > giveUpAt
                        || stale.code() != FailureCode.STALE_TARGET
                        || stale.effect() != EffectKnowledge.NO_EFFECT) {
                    throw stale;
                }
            }
        }
    }

    private static DispatchException refused(LinuxExecutor executor, Action action, ResolvedTarget target) {
        return assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        action, target, new VerificationPolicy.None(), new CancellationToken(), Desktop.deadline()));
    }

    @Test
    void capabilitiesOfferPortalInputAndScreenshotsButNoPasteAndNoX11() throws Exception {
        try (LinuxExecutor executor = WaylandSessionDesktop.executor(screenshots, true)) {
            Capabilities capabilities = executor.capabilities();
            Map<String, Boolean> permissions = capabilities.permissions();
            assertEquals(true, permissions.get("wayland"));
            assertEquals(false, permissions.get("x11"));
            assertEquals(true, permissions.get("portal_screenshot"));
            assertEquals(true, permissions.get("portal_remote_desktop"));
            assertEquals(true, permissions.get("display_geometry"));
            assertEquals(true, permissions.get("coordinate_capture"));
            assertEquals(false, permissions.get("element_screen_bounds"));
            List<String> actions = capabilities.supportedActions();
            assertTrue(
                    actions.containsAll(List.of("click", "type_text", "press", "hotkey", "screenshot")),
                    actions::toString);
            assertFalse(actions.contains("paste"), "no portal clipboard in this portal version");
            assertFalse(capabilities.displayGeometryHash().isEmpty());
        }
    }

    @Test
    void theLayoutComesFromTheCompositorsOutputAndAScreenshotIsWrittenThroughThePortal() throws Exception {
        try (LinuxExecutor executor = WaylandSessionDesktop.executor(screenshots, false)) {
            CoordinateObservation screen = executor.observeCoordinates(new CancellationToken(), Desktop.deadline());
            assertEquals(1, screen.displays().size());
            DisplayGeometry output = screen.displays().get(0);
            assertTrue(output.displayId().startsWith("wayland-output-"), output.displayId());
            assertEquals(
                    List.of(0L, 0L, 1280L, 800L), List.of(output.x(), output.y(), output.width(), output.height()));

            TargetRef.Coordinates point = Desktop.settledPoint(executor, 640, 400);
            Path file = screenshots.resolve("wayland.png");
            executor.dispatch(
                    new Action.Screenshot(file.toString()),
                    executor.resolve(point, new CancellationToken(), Desktop.deadline()),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            BufferedImage image = ImageIO.read(file.toFile());
            assertEquals(1280, image.getWidth());
            assertEquals(800, image.getHeight());
        }
    }

    @Test
    void clicksAndTypesThroughRemoteDesktopOnlyWithTheOptInAndThePersonsApproval() throws Exception {
        try (GtkApp fixture = WaylandSessionDesktop.fullscreenFixture();
                LinuxExecutor refusing = WaylandSessionDesktop.executor(screenshots, false);
                LinuxExecutor executor = WaylandSessionDesktop.executor(screenshots, true)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, fixture.pid(), Desktop.roleAndName("push button", "Clicked 0"));
            SemanticElement frame = Desktop.find(observation, Desktop.role("frame"));
            // the fixture is fullscreen: its window-relative extents are screen points by construction
            assertEquals(new Rect(0, 0, 1280, 800), frame.bounds());
            Rect button = Desktop.find(observation, Desktop.roleAndName("push button", "Clicked 0"))
                    .bounds();
            Rect entryBounds = Desktop.find(observation, Desktop.role("text")).bounds();
            TargetRef entry = new TargetRef.Element(observation.target(
                    Desktop.find(observation, Desktop.role("text")).tag()));
            ResolvedTarget atEntry = Desktop.settledTarget(
                    executor, entryBounds.x() + entryBounds.width() / 2, entryBounds.y() + entryBounds.height() / 2);

            // without the opt-in: refused before any question is asked
            DispatchException noOptIn = refused(refusing, new Action.Click(MouseButton.LEFT, 1, false), atEntry);
            assertEquals(FailureCode.PERMISSION_DENIED, noOptIn.code());
            assertEquals(EffectKnowledge.NO_EFFECT, noOptIn.effect());

            // an element is no pointer target on Wayland: refused before any question is asked
            DispatchException elementPointer = refused(
                    executor,
                    new Action.Click(MouseButton.LEFT, 1, false),
                    executor.resolve(entry, new CancellationToken(), Desktop.deadline()));
            assertEquals(EffectKnowledge.NO_EFFECT, elementPointer.effect());

            // the person cancels: nothing happens
            try (WaylandSessionDesktop.Person person = WaylandSessionDesktop.Person.answering("cancel")) {
                DispatchException cancelled =
                        refused(executor, new Action.TypeText("no", false, false, null), new ResolvedTarget.None());
                assertTrue(person.answered(), "the RemoteDesktop question appeared and was cancelled");
                assertEquals(FailureCode.PERMISSION_DENIED, cancelled.code());
                assertEquals(EffectKnowledge.NO_EFFECT, cancelled.effect());
            }
            // the person shares the screen but does not allow interaction: still nothing
            try (WaylandSessionDesktop.Person person = WaylandSessionDesktop.Person.answering("share-only")) {
                DispatchException screenOnly = refused(executor, new Action.Click(MouseButton.LEFT, 1, false), atEntry);
                assertTrue(person.answered(), "the RemoteDesktop question appeared and was answered");
                assertEquals(FailureCode.PERMISSION_DENIED, screenOnly.code());
            }
            assertEquals(hash(""), valueHash(executor, entry));

            // the person allows, asked by a pointer move to a corner the question's window does not cover (so the
            // first key event of the session is the typing below); that window then fades out over the screen,
            // so the entry's point is observed again once it settled
            ResolvedTarget atCorner = Desktop.settledTarget(executor, 5, 795);
            try (WaylandSessionDesktop.Person person = WaylandSessionDesktop.Person.answering("allow")) {
                executor.dispatch(
                        new Action.Move(),
                        atCorner,
                        new VerificationPolicy.None(),
                        new CancellationToken(),
                        Desktop.deadline());
                assertTrue(person.answered());
            }
            // the approval lasts the session: no second question (nobody would answer it); the click at the
            // fenced point activates the window and focuses the entry
            dispatchAtSettledPoint(
                    executor,
                    new Action.Click(MouseButton.LEFT, 1, false),
                    entryBounds.x() + entryBounds.width() / 2,
                    entryBounds.y() + entryBounds.height() / 2,
                    10_000);
            // observed again, as a host would after an action: the entry is focused now
            // (again when the window, just activated, changed its description under that observation)
            ResolvedTarget typingTarget = null;
            for (int attempt = 1; typingTarget == null; attempt++) {
                SemanticObservation focused = Desktop.observeUntil(executor, fixture.pid(), Desktop.role("text"));
                entry = new TargetRef.Element(focused.target(
                        Desktop.find(focused, Desktop.role("text")).tag()));
                try {
                    typingTarget = executor.resolve(entry, new CancellationToken(), Desktop.deadline());
                } catch (ExecutorException changed) {
                    if (attempt == 3) {
                        throw changed;
                    }
                }
            }
            executor.dispatch(
                    new Action.TypeText("Wayland 42", false, false, null),
                    typingTarget,
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    System.currentTimeMillis() + 5_000);
            awaitValue(executor, entry, "Wayland 42");
            // a character the compositor's keymap may lack is refused before any key, not dropped silently
            DispatchException notTypable =
                    refused(executor, new Action.TypeText(" caf\u00e9", false, false, null), new ResolvedTarget.None());
            assertEquals(EffectKnowledge.NO_EFFECT, notTypable.effect());
            assertEquals(hash("Wayland 42"), valueHash(executor, entry));
            // a hotkey through the portal: ctrl+a selects the entry's text, so keys typed after it (paced by the
            // action's delay_ms) replace it
            executor.dispatch(
                    new Action.Hotkey(List.of("ctrl", "a")),
                    new ResolvedTarget.None(),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            executor.dispatch(
                    new Action.TypeText("Wayland 43", false, false, 30L),
                    new ResolvedTarget.None(),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            awaitValue(executor, entry, "Wayland 43");

            // a click at the button's fenced point is counted by the button
            ResolvedTarget atButton =
                    Desktop.settledTarget(executor, button.x() + button.width() / 2, button.y() + button.height() / 2);
            executor.dispatch(
                    new Action.Click(MouseButton.LEFT, 1, false),
                    atButton,
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            Desktop.observeUntil(executor, fixture.pid(), Desktop.roleAndName("push button", "Clicked 1"));

            // the button now reads differently around that point: the old target is stale, the click refused
            DispatchException stale = refused(executor, new Action.Click(MouseButton.LEFT, 1, false), atButton);
            assertEquals(FailureCode.STALE_TARGET, stale.code());
            assertEquals(EffectKnowledge.NO_EFFECT, stale.effect());
            // the refused click did nothing: the button still reads Clicked 1 (observed again while the window's
            // surface may still change its description after the click activated it)
            Desktop.observeUntil(executor, fixture.pid(), Desktop.roleAndName("push button", "Clicked 1"));

            // a drag through the portal moves the scale's slider from its left end to the middle, and wheel steps
            // at the slider move it again (read back by pyatspi, a client independent of this executor)
            Rect scale = Desktop.find(observation, Desktop.role("slider")).bounds();
            long middle = scale.y() + scale.height() / 2;
            assertEquals(0.0, sliderValue(fixture.pid()));
            ResolvedTarget atSliderStart = Desktop.settledTarget(executor, scale.x() + 4, middle);
            executor.dispatch(
                    new Action.Drag(
                            Desktop.settledPoint(executor, scale.x() + scale.width() / 2, middle), MouseButton.LEFT),
                    atSliderStart,
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            await("the dragged slider reads about the middle")
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> sliderValue(fixture.pid()), value -> value >= 35 && value <= 65);
            double dragged = sliderValue(fixture.pid());
            executor.dispatch(
                    new Action.Scroll(org.praefectus.api.protocol.Direction.UP, 3),
                    Desktop.settledTarget(executor, scale.x() + scale.width() / 2, middle),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            await("the wheel steps move the slider")
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> sliderValue(fixture.pid()) != dragged);

            // the window moves: Escape (through the portal) leaves fullscreen; a click at a point observed on the
            // entry before is refused before any event
            ResolvedTarget atOldEntry = Desktop.settledTarget(
                    executor, entryBounds.x() + entryBounds.width() / 2, entryBounds.y() + entryBounds.height() / 2);
            executor.dispatch(
                    new Action.Press("Escape", 1, null),
                    new ResolvedTarget.None(),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            awaitNotFullscreen(executor, fixture.pid());
            DispatchException movedClick = refused(executor, new Action.Click(MouseButton.LEFT, 1, false), atOldEntry);
            assertEquals(FailureCode.STALE_TARGET, movedClick.code());
            assertEquals(EffectKnowledge.NO_EFFECT, movedClick.effect());
        }
    }

    /**
     * Waits until the fixture's frame no longer covers the screen. The window's surface identity changes with
     * its bounds while it leaves fullscreen, so each round finds the surface again (Desktop.observeUntil).
     */
    private static void awaitNotFullscreen(LinuxExecutor executor, long pid) throws Exception {
        Rect screen = new Rect(0, 0, 1280, 800);
        Desktop.observeUntil(
                executor,
                pid,
                Desktop.role("frame").and(frame -> !frame.bounds().equals(screen)));
    }

    /** The fixture's scale value, as pyatspi (Debian's /usr/bin/python3 with gi's Atspi) reads it. */
    private static double sliderValue(long pid) throws Exception {
        Process python = new ProcessBuilder("/usr/bin/python3", "src/test/fixtures/slider-value.py", Long.toString(pid))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String out = new String(python.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(python.waitFor(20, java.util.concurrent.TimeUnit.SECONDS) && python.exitValue() == 0, out);
        return Double.parseDouble(out.strip());
    }

    private static void awaitValue(LinuxExecutor executor, TargetRef entry, String expected) {
        await("the entry reads back the typed text")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> valueHash(executor, entry), hash(expected)::equals);
    }

    @Test
    void aResolvedCoordinateWhoseScreenChangedIsStale() throws Exception {
        try (LinuxExecutor executor = WaylandSessionDesktop.executor(screenshots, true)) {
            TargetRef.Coordinates point = Desktop.settledPoint(executor, 640, 400);
            try (GtkApp fixture = WaylandSessionDesktop.fullscreenFixture()) {
                Desktop.observeUntil(executor, fixture.pid(), Desktop.role("push button"));
                ExecutorException stale = assertThrows(
                        ExecutorException.class,
                        () -> executor.resolve(point, new CancellationToken(), Desktop.deadline()));
                assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
            }
        }
    }
}

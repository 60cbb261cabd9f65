package org.praefectus.tests.daemon;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.daemon.contract.v1.ActionResponse;
import org.praefectus.tests.daemon.contract.v1.ClickRequest;
import org.praefectus.tests.daemon.contract.v1.DetectUiElementsRequest;
import org.praefectus.tests.daemon.contract.v1.DetectUiElementsResponse;
import org.praefectus.tests.daemon.contract.v1.DetectUiStateRequest;
import org.praefectus.tests.daemon.contract.v1.DragRequest;
import org.praefectus.tests.daemon.contract.v1.HotkeyRequest;
import org.praefectus.tests.daemon.contract.v1.MouseButton;
import org.praefectus.tests.daemon.contract.v1.MoveMouseRequest;
import org.praefectus.tests.daemon.contract.v1.PasteTextRequest;
import org.praefectus.tests.daemon.contract.v1.PeekabooXGrpc;
import org.praefectus.tests.daemon.contract.v1.Point;
import org.praefectus.tests.daemon.contract.v1.Rect;
import org.praefectus.tests.daemon.contract.v1.TypeTextRequest;
import org.praefectus.tests.daemon.contract.v1.UiStateKind;

/**
 * Issue 35, defect 3: a PeekabooX client built from PeekabooX's current contract (its field numbers, written down in
 * {@code src/test/proto} apart from the daemon's own proto) against the real daemon's gRPC endpoint on loopback. Each
 * field of the input requests is either carried out (dry runs that sign and move nothing, relative moves, the right
 * and middle buttons, the backends this daemon has) or refused {@code INVALID_ARGUMENT} naming the field or value,
 * before anything happens. The pointer is read back by xdotool, buttons and keystrokes by an xev window: neither
 * goes through the daemon.
 */
class Issue35GrpcContractTest {

    @TempDir
    static Path directory;

    static Daemon daemon;
    static ManagedChannel channel;
    static PeekabooXGrpc.PeekabooXBlockingStub stub;

    @BeforeAll
    static void startTheDaemon() throws Exception {
        Daemon.requireDesktop();
        daemon = Daemon.start(
                directory,
                environment -> environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"),
                "--grpc-addr",
                "127.0.0.1:0",
                "--profile",
                "operator",
                "--allow-input");
        String address = daemon.ready.at("/data/grpc").asText();
        assertTrue(address.startsWith("127.0.0.1:"), daemon.ready.toString());
        channel = NettyChannelBuilder.forTarget(address).usePlaintext().build();
        stub = PeekabooXGrpc.newBlockingStub(channel);
    }

    @AfterAll
    static void stopTheDaemon() throws Exception {
        if (channel != null) {
            channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
        if (daemon != null) {
            daemon.close();
        }
    }

    private static PeekabooXGrpc.PeekabooXBlockingStub call() {
        return stub.withDeadlineAfter(60, TimeUnit.SECONDS);
    }

    private static Point point(int x, int y) {
        return Point.newBuilder().setX(x).setY(y).build();
    }

    /** A refusal: {@code INVALID_ARGUMENT} whose description names {@code named}. */
    private static void refused(String named, Supplier<?> call) {
        StatusRuntimeException refusal = assertThrows(StatusRuntimeException.class, call::get, named);
        assertEquals(Status.Code.INVALID_ARGUMENT, refusal.getStatus().getCode(), refusal.toString());
        assertTrue(
                refusal.getStatus().getDescription().contains(named),
                "the refusal names " + named + ": " + refusal.getStatus().getDescription());
    }

    /**
     * A coordinate verb the engine may refuse with no effect when the screen changed near the point between
     * observation and dispatch (the coordinate fence): tried again, at most three times.
     */
    private static ActionResponse fenced(Supplier<ActionResponse> call) {
        StatusRuntimeException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                return call.get();
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.FAILED_PRECONDITION) {
                    throw e;
                }
                last = e;
            }
        }
        throw last;
    }

    @Test
    void moveMouseDryRunMovesNothingAndAnswersTheRequestItWouldSign() throws Exception {
        XEventWindow.movePointer(40, 40);
        ActionResponse dry = call().moveMouse(MoveMouseRequest.newBuilder()
                .setCoordinates(point(300, 300))
                .setDryRun(true)
                .build());
        assertTrue(dry.getOk(), dry.toString());
        JsonNode shown = Daemon.JSON.readTree(dry.getMessage());
        assertTrue(shown.path("dry_run").asBoolean(), shown.toString());
        assertEquals("move", shown.path("action").asText(), shown.toString());
        assertEquals(300, shown.at("/request/target/x").asLong(), "the request it would sign: " + shown);
        assertEquals(300, shown.at("/request/target/y").asLong(), shown.toString());
        assertEquals("40,40", XEventWindow.pointer(), "a dry run moves nothing");

        ActionResponse relative = call().moveMouse(MoveMouseRequest.newBuilder()
                .setRelative(point(25, 15))
                .setDryRun(true)
                .build());
        assertTrue(relative.getOk(), relative.toString());
        JsonNode aimed = Daemon.JSON.readTree(relative.getMessage());
        assertEquals(65, aimed.at("/request/target/x").asLong(), aimed.toString());
        assertEquals(55, aimed.at("/request/target/y").asLong(), aimed.toString());
        assertEquals("40,40", XEventWindow.pointer(), "a relative dry run moves nothing either");
    }

    @Test
    void aRelativeMoveLandsAtThePointerPlusItsOffset() throws Exception {
        XEventWindow.movePointer(100, 120);
        ActionResponse moved = fenced(() -> call().moveMouse(MoveMouseRequest.newBuilder()
                .setRelative(point(30, -20))
                .build()));
        assertTrue(moved.getOk(), moved.toString());
        assertEquals("130,100", XEventWindow.pointer());

        // the backends this daemon has: its engine, under PeekabooX's "auto" or the name it answers with
        for (String backend : List.of("auto", moved.getBackendName())) {
            ActionResponse absolute = fenced(() -> call().moveMouse(MoveMouseRequest.newBuilder()
                    .setCoordinates(point(150, 160))
                    .setBackend(backend)
                    .build()));
            assertTrue(absolute.getOk(), backend + ": " + absolute);
            assertEquals("150,160", XEventWindow.pointer(), backend);
            XEventWindow.movePointer(100, 120);
        }
    }

    @Test
    void clickPressesTheRightAndTheMiddleButton() throws Exception {
        try (XEventWindow window = XEventWindow.open(TestWindow.uniqueTitle("Praefectus gRPC buttons"))) {
            for (MouseButton button : List.of(MouseButton.MOUSE_BUTTON_RIGHT, MouseButton.MOUSE_BUTTON_MIDDLE)) {
                ActionResponse clicked = fenced(() -> call().click(ClickRequest.newBuilder()
                        .setCoordinates(point(window.centerX, window.centerY))
                        .setButton(button)
                        .build()));
                assertTrue(clicked.getOk(), clicked.toString());
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> window.events().contains("ButtonRelease 2"));
            assertEquals(
                    List.of("ButtonPress 3", "ButtonRelease 3", "ButtonPress 2", "ButtonRelease 2"),
                    window.events(),
                    "X button 3 is the right one, 2 the middle one");
        }
    }

    @Test
    void unknownAndUnsupportedValuesAreRefusedBeforeAnyEffect() throws Exception {
        try (XEventWindow window = XEventWindow.open(TestWindow.uniqueTitle("Praefectus gRPC refusals"))) {
            XEventWindow.movePointer(20, 20);
            Point center = point(window.centerX, window.centerY);
            refused(
                    "ydotool",
                    () -> call().moveMouse(MoveMouseRequest.newBuilder()
                            .setCoordinates(center)
                            .setBackend("ydotool")
                            .build()));
            refused(
                    "wrap",
                    () -> call().click(ClickRequest.newBuilder()
                            .setCoordinates(center)
                            .setBoundsPolicy("wrap")
                            .build()));
            refused(
                    "title_regex",
                    () -> call().click(ClickRequest.newBuilder()
                            .setRatioX(0.5f)
                            .setRatioY(0.5f)
                            .setTitleRegex("^Praefectus")
                            .build()));
            refused(
                    "button",
                    () -> call().click(ClickRequest.newBuilder()
                            .setCoordinates(center)
                            .setButtonValue(9)
                            .build()));
            refused(
                    "ydotool",
                    () -> call().drag(DragRequest.newBuilder()
                            .setFrom(center)
                            .setTo(point(window.centerX + 40, window.centerY))
                            .setBackend("ydotool")
                            .build()));
            refused(
                    "restore_delay_ms",
                    () -> call().pasteText(PasteTextRequest.newBuilder()
                            .setText("refused")
                            .setPreserveClipboard(true)
                            .setRestoreDelayMs(50)
                            .build()));
            refused(
                    "sometimes",
                    () -> call().pasteText(PasteTextRequest.newBuilder()
                            .setText("refused")
                            .setPreserveClipboard(true)
                            .setRestorePolicy("sometimes")
                            .build()));
            refused(
                    "wtype",
                    () -> call().typeText(TypeTextRequest.newBuilder()
                            .setText("refused")
                            .setBackend("wtype")
                            .build()));
            refused(
                    "wtype",
                    () -> call().hotkey(HotkeyRequest.newBuilder()
                            .addKeys("a")
                            .setBackend("wtype")
                            .build()));
            // a field this contract does not have at all (a newer client's): refused by its number
            refused(
                    "99",
                    () -> call().moveMouse(MoveMouseRequest.newBuilder()
                            .setCoordinates(center)
                            .setUnknownFields(UnknownFieldSet.newBuilder()
                                    .addField(
                                            99,
                                            UnknownFieldSet.Field.newBuilder()
                                                    .addVarint(1)
                                                    .build())
                                    .build())
                            .build()));
            assertEquals("20,20", XEventWindow.pointer(), "nothing moved");

            // X delivers a client's events in order: once this click arrived, anything a refused request had done would
            // have arrived before it
            ActionResponse barrier = fenced(() -> call().click(ClickRequest.newBuilder()
                    .setCoordinates(center)
                    .setButton(MouseButton.MOUSE_BUTTON_MIDDLE)
                    .build()));
            assertTrue(barrier.getOk(), barrier.toString());
            await().atMost(Duration.ofSeconds(20)).until(() -> window.events().contains("ButtonRelease 2"));
            assertEquals(List.of("ButtonPress 2", "ButtonRelease 2"), window.events(), "no other event arrived");
        }
    }

    @Test
    void theDetectionOptionsOfTheCurrentContractAreApplied() throws Exception {
        byte[] blank = png(100, 40, List.of());
        byte[] marked = png(100, 40, List.of(new int[] {5, 5, 10, 10}));
        Rect square =
                Rect.newBuilder().setX(0).setY(0).setWidth(20).setHeight(20).build();
        UiStateKind changed = call().detectUiState(DetectUiStateRequest.newBuilder()
                        .addImages(ByteString.copyFrom(blank))
                        .addImages(ByteString.copyFrom(marked))
                        .build())
                .getState();
        assertTrue(changed != UiStateKind.UI_STATE_KIND_STABLE, changed.toString());
        UiStateKind ignored = call().detectUiState(DetectUiStateRequest.newBuilder()
                        .addImages(ByteString.copyFrom(blank))
                        .addImages(ByteString.copyFrom(marked))
                        .addIgnoreRegions(square)
                        .setStableMaxChangedPixels(0)
                        .build())
                .getState();
        assertEquals(UiStateKind.UI_STATE_KIND_STABLE, ignored, "the ignored region's change does not count");

        byte[] two = png(100, 40, List.of(new int[] {5, 5, 10, 10}, new int[] {40, 5, 30, 20}));
        assertEquals(
                2,
                call().detectUiElements(DetectUiElementsRequest.newBuilder()
                                .setImage(ByteString.copyFrom(two))
                                .build())
                        .getElementsCount());
        Path mask = directory.resolve("mask.png");
        DetectUiElementsResponse narrow = call().detectUiElements(DetectUiElementsRequest.newBuilder()
                .setImage(ByteString.copyFrom(two))
                .setMaxWidth(20)
                .setSort("area")
                .setMaskOutputPath(mask.toString())
                .build());
        assertEquals(1, narrow.getElementsCount(), narrow.toString());
        assertTrue(narrow.getElements(0).getBounds().getWidth() <= 20, narrow.toString());
        byte[] written = Files.readAllBytes(mask);
        assertArrayEquals(
                new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(written, 4), "a PNG mask was written");
        refused(
                "sideways",
                () -> call().detectUiElements(DetectUiElementsRequest.newBuilder()
                        .setImage(ByteString.copyFrom(two))
                        .setSort("sideways")
                        .build()));
    }

    /**
     * The keyboard verbs' dry runs type nothing, and a paste that keeps the clipboard ({@code preserve_clipboard}
     * with {@code restore_policy}) pastes and gives the clipboard back: the entry's text is read over AT-SPI by
     * pyatspi, the clipboard by another GTK client (the linux bundle's clipboard fixtures).
     */
    @Test
    void keyboardDryRunsTypeNothingAndAPasteGivesTheClipboardBack() throws Exception {
        Path fixtures = Path.of("../../bundles/linux/src/test/resources/org/praefectus/linux/executor")
                .toAbsolutePath()
                .normalize();
        assertTrue(Files.isRegularFile(fixtures.resolve("clipboard_owner.py")), fixtures.toString());
        String title = TestWindow.uniqueTitle("Praefectus gRPC paste");
        Process owner = new ProcessBuilder(
                        "/usr/bin/python3",
                        fixtures.resolve("clipboard_owner.py").toString(),
                        "text",
                        "kept")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (TestWindow window = TestWindow.zenity("--entry", title, "Paste")) {
            assertEquals(
                    "owning",
                    new java.io.BufferedReader(new java.io.InputStreamReader(owner.getInputStream(), UTF_8))
                            .readLine());
            String id = XEventWindow.run("xdotool", "search", "--sync", "--onlyvisible", "--name", title)
                    .lines()
                    .findFirst()
                    .orElseThrow();
            XEventWindow.run("xdotool", "windowactivate", "--sync", id);
            await().atMost(Duration.ofSeconds(30)).until(() -> "".equals(entryText(title)));

            for (ActionResponse dry : List.of(
                    call().typeText(TypeTextRequest.newBuilder()
                            .setText("dry")
                            .setKeyDelayMs(5)
                            .setDryRun(true)
                            .build()),
                    call().hotkey(HotkeyRequest.newBuilder()
                            .addKeys("a")
                            .setRepeat(2)
                            .setReleaseBefore(true)
                            .setDryRun(true)
                            .build()),
                    call().pasteText(PasteTextRequest.newBuilder()
                            .setText("dry")
                            .setPreserveClipboard(true)
                            .setRestorePolicy("strict")
                            .setDryRun(true)
                            .build()))) {
                assertTrue(dry.getOk(), dry.toString());
                JsonNode shown = Daemon.JSON.readTree(dry.getMessage());
                assertTrue(shown.path("dry_run").asBoolean(), shown.toString());
                assertTrue(!dry.getMessage().contains("\"dry\""), "typed text never shows: " + dry.getMessage());
            }
            assertEquals("", entryText(title), "a dry run types nothing");

            ActionResponse pasted = call().pasteText(PasteTextRequest.newBuilder()
                    .setText("pasted")
                    .setPreserveClipboard(true)
                    .setRestorePolicy("strict")
                    .build());
            assertTrue(pasted.getOk(), pasted.toString());
            await().atMost(Duration.ofSeconds(20)).until(() -> "pasted".equals(entryText(title)));
            assertEquals(
                    "text:kept",
                    XEventWindow.run(
                            "/usr/bin/python3",
                            fixtures.resolve("clipboard_text.py").toString()),
                    "the clipboard holds what it held before");
        } finally {
            owner.destroy();
            owner.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The text of the entry of the window titled {@code title}, read over AT-SPI by pyatspi; null before it shows. */
    private static String entryText(String title) throws IOException, InterruptedException {
        String script = """
                import sys, pyatspi
                for app in pyatspi.Registry.getDesktop(0):
                    for window in app or []:
                        if window is not None and window.name == sys.argv[1]:
                            entry = pyatspi.findDescendant(window, lambda n: n.getRoleName() == 'text')
                            if entry is not None:
                                sys.stdout.write('text:' + entry.queryText().getText(0, -1))
                                sys.exit(0)
                """;
        String out = XEventWindow.run("/usr/bin/python3", "-c", script, title);
        return out.startsWith("text:") ? out.substring(5) : null;
    }

    /** A white PNG with black rectangles {x, y, width, height}. */
    private static byte[] png(int width, int height, List<int[]> squares) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, width, height);
        graphics.setColor(Color.BLACK);
        squares.forEach(r -> graphics.fillRect(r[0], r[1], r[2], r[3]));
        graphics.dispose();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(image, "png", bytes);
        return bytes.toByteArray();
    }
}

package org.praefectus.tests.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.daemon.contract.v1.DesktopActionResponse;
import org.praefectus.tests.daemon.contract.v1.DesktopAssertRequest;
import org.praefectus.tests.daemon.contract.v1.DesktopAssertionKind;
import org.praefectus.tests.daemon.contract.v1.DesktopFocusRequest;
import org.praefectus.tests.daemon.contract.v1.DesktopProfilesRequest;
import org.praefectus.tests.daemon.contract.v1.ListWindowsRequest;
import org.praefectus.tests.daemon.contract.v1.OcrResponse;
import org.praefectus.tests.daemon.contract.v1.OcrScreenRequest;
import org.praefectus.tests.daemon.contract.v1.PeekabooXGrpc;
import org.praefectus.tests.daemon.contract.v1.WindowInfo;

/**
 * Issue 35: fields of PeekabooX's current contract that the daemon refused, each now carried out through the typed
 * services every other surface uses, through a client generated from PeekabooX's contract ({@code src/test/proto})
 * against the real daemon on loopback. {@code OcrScreen} reads an image file ({@code image_path}) as the CLI's
 * {@code ocr --image} reads it and a window's region ({@code window_id}, {@code window_title}); {@code DesktopFocus}
 * with {@code launch_if_needed} launches the profile's application only when no window of it is open (xdotool counts
 * the windows); {@code DesktopAssert}'s {@code contains} / {@code not_contains} read the target's text over
 * accessibility (pyatspi reads the same entry independently).
 */
class Issue35GrpcRefusedFieldsTest {

    @TempDir
    static Path directory;

    static String launchTitle;
    static Daemon daemon;
    static ManagedChannel channel;
    static PeekabooXGrpc.PeekabooXBlockingStub stub;

    @BeforeAll
    static void startTheDaemon() throws Exception {
        Daemon.requireDesktop();
        LaunchProbeDaemon started =
                LaunchProbeDaemon.start(directory, "Praefectus Launch Probe", "--grpc-addr", "127.0.0.1:0");
        daemon = started.daemon();
        launchTitle = started.launchTitle();
        channel = NettyChannelBuilder.forTarget(daemon.ready.at("/data/grpc").asText())
                .usePlaintext()
                .build();
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
        return stub.withDeadlineAfter(120, TimeUnit.SECONDS);
    }

    private static StatusRuntimeException refused(Status.Code code, Supplier<?> call) {
        StatusRuntimeException refusal = assertThrows(StatusRuntimeException.class, call::get);
        assertEquals(code, refusal.getStatus().getCode(), refusal.toString());
        return refusal;
    }

    @Test
    void ocrScreenOfAnImageFileReadsWhatTheCliReadsFromIt() throws Exception {
        BufferedImage image = new BufferedImage(640, 120, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 640, 120);
        g.setColor(Color.BLACK);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 48));
        g.drawString("Praefectus reads", 20, 80);
        g.dispose();
        Path file = directory.resolve("text.png");
        ImageIO.write(image, "png", file.toFile());

        String cliText = daemon.cli(directory, "ocr", "--image", file.toString())
                .envelope()
                .at("/data/result/text")
                .asText();
        assertTrue(cliText.contains("Praefectus"), cliText);
        OcrResponse read = call().ocrScreen(OcrScreenRequest.newBuilder()
                .setImagePath(file.toString())
                .build());
        assertEquals(cliText, read.getText(), "OcrScreen(image_path) reads what the CLI's ocr --image reads");
        assertTrue(read.getWordsCount() >= 2, read.toString());
        assertTrue(
                read.getWords(0).getElement().getBounds().getX() < 640,
                "words in the image's coordinates: " + read.getWords(0));

        refused(
                Status.Code.INVALID_ARGUMENT,
                () -> call().ocrScreen(OcrScreenRequest.newBuilder()
                        .setImagePath(file.toString())
                        .setWindowId("0x1")
                        .build()));
        StatusRuntimeException missing = refused(
                Status.Code.FAILED_PRECONDITION,
                () -> call().ocrScreen(OcrScreenRequest.newBuilder()
                        .setImagePath(directory.resolve("none.png").toString())
                        .build()));
        assertTrue(missing.getStatus().getDescription().startsWith("io_error"), missing.toString());
    }

    @Test
    void ocrScreenOfAWindowReadsThatWindowAndAnUnknownWindowReadsNothing() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus OCR Window");
        try (TestWindow window = TestWindow.zenity("--info", title, "Quarterly Zebra Report", "--width", "500")) {
            WindowInfo shown = await().atMost(Duration.ofSeconds(30))
                    .until(
                            () -> call().listWindows(ListWindowsRequest.newBuilder()
                                            .setTitle(title)
                                            .build())
                                    .getWindowsList(),
                            windows -> windows.size() == 1)
                    .get(0);
            String byTitle = await().atMost(Duration.ofSeconds(30))
                    .until(
                            () -> call().ocrScreen(OcrScreenRequest.newBuilder()
                                            .setWindowTitle(title)
                                            .build())
                                    .getText(),
                            text -> text.contains("Zebra"));
            assertTrue(byTitle.contains("Quarterly"), byTitle);
            OcrResponse byId = call().ocrScreen(OcrScreenRequest.newBuilder()
                    .setWindowId(shown.getId())
                    .build());
            assertTrue(byId.getText().contains("Zebra"), byId.getText());
            // the window as listed now, by the ID first listed (which may have been its accessible ID, taken before
            // the window manager listed it: the ID keeps naming the window)
            List<WindowInfo> now = call().listWindows(
                            ListWindowsRequest.newBuilder().setId(shown.getId()).build())
                    .getWindowsList();
            assertEquals(1, now.size(), now.toString());
            var bounds = now.get(0).getBounds();
            for (var word : byId.getWordsList()) {
                var at = word.getElement().getBounds();
                assertTrue(
                        at.getX() >= bounds.getX()
                                && at.getY() >= bounds.getY()
                                && at.getX() + at.getWidth() <= bounds.getX() + bounds.getWidth()
                                && at.getY() + at.getHeight() <= bounds.getY() + bounds.getHeight(),
                        "every word in screen coordinates inside the window " + bounds + ": " + word);
            }
        }
        StatusRuntimeException unknown = refused(
                Status.Code.NOT_FOUND,
                () -> call().ocrScreen(OcrScreenRequest.newBuilder()
                        .setWindowId("0x7ffffff0")
                        .build()));
        assertTrue(unknown.getStatus().getDescription().startsWith("window_not_found"), unknown.toString());
        refused(
                Status.Code.NOT_FOUND,
                () -> call().ocrScreen(OcrScreenRequest.newBuilder()
                        .setWindowTitle(TestWindow.uniqueTitle("No Such Window"))
                        .build()));
    }

    /** The windows xdotool finds by exactly this title: it never asks the daemon. */
    private static List<String> windowsTitled(String title) throws Exception {
        Process xdotool = new ProcessBuilder("xdotool", "search", "--name", "^" + title + "$")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(xdotool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(xdotool.waitFor(30, TimeUnit.SECONDS));
        return out.lines().filter(line -> !line.isBlank()).toList();
    }

    /** Ends the process that shows {@code window} (xdotool names it), by its ID. */
    private static void close(String window) throws Exception {
        Process pid = new ProcessBuilder("xdotool", "getwindowpid", window).start();
        String id = new String(pid.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(pid.waitFor(30, TimeUnit.SECONDS));
        ProcessHandle.of(Long.parseLong(id)).ifPresent(ProcessHandle::destroy);
    }

    @Test
    void desktopFocusLaunchesTheProfilesApplicationOnlyWhenNoWindowOfItIsOpen() throws Exception {
        assertEquals(List.of(), windowsTitled(launchTitle), "no window of the profile before the test");
        StatusRuntimeException notOpen = refused(
                Status.Code.FAILED_PRECONDITION,
                () -> call().desktopFocus(DesktopFocusRequest.newBuilder()
                        .setApp("launch-probe")
                        .build()));
        assertTrue(notOpen.getStatus().getDescription().startsWith("window_not_found"), notOpen.toString());
        assertEquals(List.of(), windowsTitled(launchTitle), "without launch_if_needed nothing is launched");

        List<String> launched = List.of();
        try {
            DesktopActionResponse focused = call().desktopFocus(DesktopFocusRequest.newBuilder()
                    .setApp("launch-probe")
                    .setLaunchIfNeeded(true)
                    .build());
            launched = windowsTitled(launchTitle);
            assertEquals(1, launched.size(), "one window launched: " + launched);
            assertEquals("launch-probe", focused.getApp());
            assertEquals("focus", focused.getAction());
            assertTrue(focused.getVerified(), focused.toString());
            assertTrue(focused.getDetail().equals("focused"), focused.toString());

            DesktopActionResponse again = call().desktopFocus(DesktopFocusRequest.newBuilder()
                    .setApp("launch-probe")
                    .setLaunchIfNeeded(true)
                    .build());
            assertTrue(again.getVerified(), again.toString());
            assertEquals(launched, windowsTitled(launchTitle), "a window is open: nothing launched again");
        } finally {
            for (String window : launched) {
                close(window);
            }
        }
    }

    @Test
    void desktopAssertContainsReadsTheTargetsTextOverAccessibility() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus Assert Text");
        try (TestWindow window = TestWindow.zenity("--entry", title, "Assert", "--entry-text", "Alpha Bravo")) {
            // pyatspi, not the daemon, says what the entry holds
            assertEquals("Alpha Bravo", ProfileSurfacesTest.entryText(title));
            DesktopAssertRequest.Builder request = DesktopAssertRequest.newBuilder()
                    .setApp("zenity-entry")
                    .setTarget("entry")
                    .setWindowTitle(title);
            DesktopActionResponse contains = call().desktopAssert(request.clone()
                    .setAssertion(DesktopAssertionKind.DESKTOP_ASSERTION_KIND_CONTAINS)
                    .setExpectedText("bravo")
                    .build());
            assertTrue(contains.getVerified(), contains.toString());
            assertTrue(contains.getDetail().contains("\"condition\":\"contains\""), contains.getDetail());
            assertFalse(
                    contains.getDetail().toLowerCase(Locale.ROOT).contains("bravo"),
                    "the answer never repeats the text: " + contains.getDetail());
            DesktopActionResponse absent = call().desktopAssert(request.clone()
                    .setAssertion(DesktopAssertionKind.DESKTOP_ASSERTION_KIND_NOT_CONTAINS)
                    .setExpectedText("Charlie")
                    .build());
            assertTrue(absent.getVerified(), absent.toString());

            StatusRuntimeException failed = refused(
                    Status.Code.FAILED_PRECONDITION,
                    () -> call().desktopAssert(request.clone()
                            .setAssertion(DesktopAssertionKind.DESKTOP_ASSERTION_KIND_CONTAINS)
                            .setExpectedText("Charlie")
                            .build()));
            assertTrue(failed.getStatus().getDescription().startsWith("assertion_failed"), failed.toString());
            refused(
                    Status.Code.FAILED_PRECONDITION,
                    () -> call().desktopAssert(request.clone()
                            .setAssertion(DesktopAssertionKind.DESKTOP_ASSERTION_KIND_NOT_CONTAINS)
                            .setExpectedText("ALPHA")
                            .build()));
            refused(
                    Status.Code.INVALID_ARGUMENT,
                    () -> call().desktopAssert(request.clone()
                            .setAssertion(DesktopAssertionKind.DESKTOP_ASSERTION_KIND_CONTAINS)
                            .build()));
            refused(
                    Status.Code.INVALID_ARGUMENT,
                    () -> call().desktopAssert(request.clone()
                            .setAssertion(DesktopAssertionKind.DESKTOP_ASSERTION_KIND_PRESENT)
                            .setExpectedText("Alpha")
                            .build()));
            assertEquals("Alpha Bravo", ProfileSurfacesTest.entryText(title), "an assertion changes nothing");
        }
        var listed = call().desktopProfiles(DesktopProfilesRequest.newBuilder()
                .setApp("zenity-entry")
                .build());
        var entry = listed.getProfiles(0).getTargetsList().stream()
                .filter(target -> target.getName().equals("entry"))
                .findFirst()
                .orElseThrow();
        assertTrue(entry.getCanAssertContains(), entry.toString());
        assertEquals("zenity", listed.getProfiles(0).getSearchName(), "the name its windows are matched by");
    }

    @Test
    void aVisionLocateIsStillRefusedAndNothingIsDone() throws IOException {
        StatusRuntimeException refusal = refused(
                Status.Code.UNIMPLEMENTED,
                () -> call().desktopAssert(DesktopAssertRequest.newBuilder()
                        .setApp("zenity-entry")
                        .setTarget("entry")
                        .setImagePath(directory.resolve("screen.png").toString())
                        .build()));
        assertTrue(refusal.getStatus().getDescription().startsWith("unsupported"), refusal.toString());
    }
}

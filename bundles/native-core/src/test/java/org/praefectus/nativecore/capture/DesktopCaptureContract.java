package org.praefectus.nativecore.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.CaptureRequest;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.Screenshot;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.vision.CoveredArea;
import org.praefectus.api.vision.Occlusion;
import org.praefectus.api.vision.Region;
import org.praefectus.nativecore.desktop.DesktopPort;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.vision.image.PngCodec;

/**
 * {@link NativeCapture} as every platform shows it, over that platform's hand-written fixtures: its port lists a front
 * window that lies over part of the window behind it, the screen is painted from those windows ({@link PaintedScreen},
 * one known colour per window), and the platform's own grab says whether the screen can be captured and writes the
 * file. A platform's test extends this with its fixture ({@link #fixture}) and what says a file is private there.
 */
public abstract class DesktopCaptureContract {

    private static final CancellationToken GO = new CancellationToken();

    /**
     * One platform's desktop over its fixtures for capture.
     *
     * @param port     its desktop port, listing at least two windows, the front one over part of the one behind it
     * @param platform its own grab over the fixtures (whether capture is available, how files are written)
     * @param screen   the screen's bounds
     * @param refuse   makes the platform refuse capture, as its OS would (a permission withdrawn, no interactive
     *                 desktop)
     */
    public record Fixture(DesktopPort port, ScreenGrab platform, Region screen, Runnable refuse) {}

    @TempDir
    protected Path directory;

    /** The platform's desktop over its fixtures, its state kept under {@code directory}. */
    protected abstract Fixture fixture(Path directory) throws Exception;

    /** Asserts that {@code file}, as the platform's grab wrote it, is readable by the user only. */
    protected abstract void assertPrivate(Path file) throws Exception;

    private Fixture fixture;
    private List<DesktopWindow> windows;

    private NativeCapture capture() throws Exception {
        fixture = fixture(directory.resolve("state"));
        windows = fixture.port().windows(GO, System.currentTimeMillis() + 10_000);
        assertTrue(windows.size() >= 2, "the fixture lists a front and a back window");
        assertTrue(region(front()).intersects(region(back())), "the front window lies over the back one");
        return new NativeCapture(
                fixture.port(),
                new PaintedScreen(fixture.port(), fixture.screen(), fixture.platform()),
                new NativeDesktop(fixture.port()),
                new PngCodec());
    }

    private DesktopWindow front() {
        return windows.get(0);
    }

    private DesktopWindow back() {
        return windows.get(1);
    }

    private static Region region(DesktopWindow window) {
        Rect b = window.bounds();
        return new Region((int) b.x(), (int) b.y(), (int) b.width(), (int) b.height());
    }

    private static CaptureRequest byId(DesktopWindow window, Region region) {
        return new CaptureRequest(region, Long.parseLong(window.id()), null, null, null, null, false);
    }

    private static int at(Screenshot shot, int screenX, int screenY) {
        return shot.frame().argb(screenX - shot.x(), screenY - shot.y());
    }

    @Test
    void theWholeScreenIsCapturedWithEveryWindowWhereItLies() throws Exception {
        NativeCapture capture = capture();

        Screenshot shot = capture.capture(new CaptureRequest(null, null, null, null, null, null, false), GO);

        assertEquals("screen", shot.source());
        assertEquals(fixture.screen(), new Region(shot.x(), shot.y(), shot.width(), shot.height()));
        assertNull(shot.windowId());
        assertEquals(List.of(), shot.warnings());
        Region front = region(front());
        assertEquals(PaintedScreen.colour(front().id()), at(shot, front.x(), front.y()));
        assertEquals(
                PaintedScreen.colour(back().id()),
                at(shot, region(back()).x(), region(back()).y()));
    }

    @Test
    void aWindowByItsIdIsItsBoundsAndNamesTheWindowInFrontAsOccluding() throws Exception {
        NativeCapture capture = capture();
        Region back = region(back());
        Region overlap = back.intersection(region(front())).orElseThrow();

        Screenshot shot = capture.capture(byId(back(), null), GO);

        assertEquals("window", shot.source());
        assertEquals(back().id(), shot.windowId());
        assertNull(shot.window(), "only the filters answer the window they found");
        assertEquals(back, new Region(shot.x(), shot.y(), shot.width(), shot.height()));
        assertEquals(PaintedScreen.colour(back().id()), at(shot, back.x(), back.y()));
        assertEquals(PaintedScreen.colour(front().id()), at(shot, overlap.x(), overlap.y()));
        Occlusion occluded = shot.warnings().get(0);
        assertEquals(1, shot.warnings().size());
        assertEquals(front().id(), occluded.covering().get(0).windowId());
        assertEquals(front().title(), occluded.covering().get(0).title());
        assertEquals(Occlusion.fraction(CoveredArea.of(List.of(overlap)), back.area()), occluded.coveredFraction());
    }

    @Test
    void aWindowByItsTitleInAnyCaseIsFoundAndTheFrontWindowIsNotOccluded() throws Exception {
        NativeCapture capture = capture();
        String part = front().title().substring(0, 4).toUpperCase(Locale.ROOT);

        Screenshot shot = capture.capture(new CaptureRequest(null, null, part, null, null, null, true), GO);

        assertEquals(front().id(), shot.windowId());
        assertEquals(front(), shot.window());
        assertEquals(List.of(), shot.warnings());
        assertEquals(
                PaintedScreen.colour(front().id()),
                at(shot, shot.x() + shot.width() - 1, shot.y() + shot.height() - 1));
        assertNotNull(shot.semanticTree());
        assertFalse(shot.semanticTree().isEmpty(), "the window's elements are answered beside the image");
    }

    @Test
    void aRegionIsRelativeToTheWindowAndUncoveredThereHasNoWarning() throws Exception {
        NativeCapture capture = capture();
        Region back = region(back());

        Screenshot shot = capture.capture(byId(back(), new Region(0, 0, 50, 10)), GO);

        assertEquals(
                new Region(back.x(), back.y(), 50, 10), new Region(shot.x(), shot.y(), shot.width(), shot.height()));
        for (int y = 0; y < 10; y++) {
            for (int x = 0; x < 50; x++) {
                assertEquals(PaintedScreen.colour(back().id()), shot.frame().argb(x, y));
            }
        }
        assertEquals(List.of(), shot.warnings());
    }

    @Test
    void aRegionLeavingTheWindowIsRefused() throws Exception {
        NativeCapture capture = capture();
        Region back = region(back());

        DesktopException refused = assertThrows(
                DesktopException.class,
                () -> capture.capture(byId(back(), new Region(back.width() - 10, 0, 50, 10)), GO));

        assertEquals("invalid_region", refused.code());
    }

    @Test
    void anUnknownWindowIsNotFoundByIdOrByFilter() throws Exception {
        NativeCapture capture = capture();

        assertEquals(
                "window_not_found",
                assertThrows(
                                DesktopException.class,
                                () -> capture.capture(
                                        new CaptureRequest(null, 0xFFFF_FFF0L, null, null, null, null, false), GO))
                        .code());
        assertEquals(
                "window_not_found",
                assertThrows(
                                DesktopException.class,
                                () -> capture.capture(
                                        new CaptureRequest(
                                                null, null, "no such window anywhere", null, null, null, false),
                                        GO))
                        .code());
    }

    @Test
    void twoWindowsMatchingTheFiltersAreAmbiguous() throws Exception {
        NativeCapture capture = capture();

        DesktopException refused = assertThrows(
                DesktopException.class,
                () -> capture.capture(
                        new CaptureRequest(null, null, null, null, Pattern.compile("\\w"), null, false), GO));

        assertEquals("ambiguous_window", refused.code());
    }

    @Test
    void theImageIsWrittenAsANewPrivatePngAndAnExistingFileIsNeverReplaced() throws Exception {
        NativeCapture capture = capture();
        Path file = directory.resolve("back.png");

        Screenshot shot = capture.capture(
                new CaptureRequest(
                        new Region(0, 0, 50, 10), Long.parseLong(back().id()), null, null, null, file, false),
                GO);

        assertEquals(file.toAbsolutePath().toString(), shot.output());
        BufferedImage written = ImageIO.read(file.toFile());
        assertEquals(50, written.getWidth());
        assertEquals(PaintedScreen.colour(back().id()), written.getRGB(0, 0));
        assertPrivate(file);

        byte[] before = Files.readAllBytes(file);
        DesktopException refused = assertThrows(
                DesktopException.class,
                () -> capture.capture(
                        new CaptureRequest(null, Long.parseLong(front().id()), null, null, null, file, false), GO));
        assertEquals("capture_error", refused.code());
        assertArrayEquals(before, Files.readAllBytes(file));
    }

    @Test
    void aMissingFolderIsToldAndNothingIsCreated() throws Exception {
        NativeCapture capture = capture();
        Path file = directory.resolve("missing").resolve("shot.png");

        DesktopException refused = assertThrows(
                DesktopException.class,
                () -> capture.capture(new CaptureRequest(null, null, null, null, null, file, false), GO));

        assertEquals("capture_error", refused.code());
        assertTrue(refused.getMessage().contains("folder does not exist"), refused.getMessage());
        assertFalse(Files.exists(file.getParent()));
    }

    @Test
    void aScreenThePlatformCannotCaptureIsUnavailableWithItsReasonAndNoFile() throws Exception {
        NativeCapture capture = capture();
        fixture.refuse().run();
        Path file = directory.resolve("never.png");

        DesktopException refused = assertThrows(
                DesktopException.class,
                () -> capture.capture(new CaptureRequest(null, null, null, null, null, file, false), GO));

        assertEquals("capture_unavailable", refused.code());
        assertEquals(fixture.platform().unavailable().orElseThrow(), refused.getMessage());
        assertFalse(Files.exists(file));
    }
}

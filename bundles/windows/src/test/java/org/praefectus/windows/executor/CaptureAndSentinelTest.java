package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** GDI coordinate fences and screenshots, and the foreground/focus/cursor sentinel. */
class CaptureAndSentinelTest {

    @TempDir
    Path directory;

    private static TargetRef.Coordinates point(CoordinateObservation observation, long x, long y) {
        return new TargetRef.Coordinates(
                x,
                y,
                observation.displays().get(0).displayId(),
                observation.displayGeometryHash(),
                observation.snapshotId(),
                observation.snapshotContentHash());
    }

    @Test
    void withoutGdiCaptureThereIsNoCoordinateCapture() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        desktop.captureRefused = true;
        WinTesting win = new WinTesting(desktop, directory);

        Capabilities capabilities = win.executor.capabilities();

        assertFalse(capabilities.permissions().get("coordinate_capture"));
        assertFalse(capabilities.supportedActions().contains("click"));
        assertFalse(capabilities.supportedActions().contains("screenshot"));
        assertEquals(
                ExecutorFailure.UNAVAILABLE,
                assertThrows(
                                ExecutorException.class,
                                () -> win.executor.observeCoordinates(new CancellationToken(), WinTesting.deadline()))
                        .failure());
    }

    @Test
    void aChangedScreenMakesTheCoordinateTargetStale() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory);
        TargetRef.Coordinates target =
                point(win.executor.observeCoordinates(new CancellationToken(), WinTesting.deadline()), 10, 10);
        win.executor.resolve(target, new CancellationToken(), WinTesting.deadline());

        desktop.screen[5] = 1;

        assertEquals(
                "screen observation changed",
                assertThrows(
                                ExecutorException.class,
                                () -> win.executor.resolve(target, new CancellationToken(), WinTesting.deadline()))
                        .getMessage());
    }

    @Test
    void theScreenshotIsAPngInTheOwnerOnlyDirectory() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        desktop.screen[0] = 10;
        desktop.screen[1] = 20;
        desktop.screen[2] = 30;
        WinTesting win = new WinTesting(desktop, directory);
        TargetRef.Coordinates target =
                point(win.executor.observeCoordinates(new CancellationToken(), WinTesting.deadline()), 10, 10);

        Path shot = directory.resolve("screenshots").resolve("shot.png");
        win.dispatch(
                new Action.Screenshot(shot.toString()),
                win.executor.resolve(target, new CancellationToken(), WinTesting.deadline()),
                new VerificationPolicy.None());

        List<Path> files;
        try (Stream<Path> listing = Files.list(directory.resolve("screenshots"))) {
            files = listing.toList();
        }
        assertEquals(List.of(shot), files);
        BufferedImage png = ImageIO.read(files.get(0).toFile());
        assertEquals(64, png.getWidth());
        assertArrayEquals(new int[] {30, 20, 10}, png.getRaster().getPixel(0, 0, new int[3]));
        assertEquals(List.of("screenshots", files.get(0).getFileName().toString()), win.acl.restricted);
        assertEquals(List.of(), desktop.effects);
    }

    private static String sample(WinTesting win) throws ExecutorException {
        return win.executor.sharedDesktopContextHash(new CancellationToken(), WinTesting.deadline());
    }

    @Test
    void theSentinelMovesWithTheForegroundTheFocusAndTheCursor() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad", "winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);
        String before = sample(win);
        assertEquals(before, sample(win));

        desktop.cursor = new long[] {11, 10};
        String cursorMoved = sample(win);
        desktop.front().focused = desktop.front().window().root.find("Close");
        String focusMoved = sample(win);
        Collections.swap(desktop.processes, 0, 1);
        String foregroundChanged = sample(win);

        assertNotEquals(before, cursorMoved);
        assertNotEquals(cursorMoved, focusMoved);
        assertNotEquals(focusMoved, foregroundChanged);
    }

    @Test
    void aForegroundWithoutAVisibleWindowIsUnavailable() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        desktop.front().window().visible = false;
        WinTesting win = new WinTesting(desktop, directory);

        assertEquals(
                ExecutorFailure.UNAVAILABLE,
                assertThrows(ExecutorException.class, () -> sample(win)).failure());
    }
}

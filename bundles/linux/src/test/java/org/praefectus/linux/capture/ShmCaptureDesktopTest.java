package org.praefectus.linux.capture;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.linux.x11.X11Session;

/** MIT-SHM capture of the real Xvfb screen, checked against pixels we put there ourselves. */
class ShmCaptureDesktopTest {

    @TempDir
    Path directory;

    /** The test desktop's environment (the capture tests of this package share it); fails without a display. */
    static Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (environment.get("DISPLAY") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
        return environment;
    }

    @Test
    void fullScreenRegionAndWindowCapturesSeeTheRealScreen() throws Exception {
        try (X11Session session = X11Session.open(environment());
                ShmCapture capture = new ShmCapture(session)) {
            ScreenImage screen = capture.captureScreen();
            assertEquals(1920, screen.width());
            assertEquals(1080, screen.height());

            ScreenImage region = capture.captureRegion(100, 200, 30, 20);
            assertEquals(30 * 20, region.pixels().length);
            assertEquals(screen.pixel(100, 200), region.pixel(0, 0));
            assertEquals(screen.pixel(129, 219), region.pixel(29, 19));

            Process zenity = new ProcessBuilder("zenity", "--info", "--title", "Praefectus Capture", "--text", "x")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            try {
                Process search = new ProcessBuilder("xdotool", "search", "--sync", "--name", "Praefectus Capture")
                        .redirectErrorStream(true)
                        .start();
                search.waitFor(10, TimeUnit.SECONDS);
                long window = Long.parseLong(new String(search.getInputStream().readAllBytes(), UTF_8)
                        .strip()
                        .split("\\s+")[0]);
                // xdotool finds the window as soon as it exists; the window manager maps it and GTK paints it
                // after that: wait until the screen shows it and holds still (two captures in a row are equal)
                String without = screen.contentHash();
                AtomicReference<String> previous = new AtomicReference<>(without);
                ScreenImage withWindow = await("the new window changed the screen, which then holds still")
                        .atMost(Duration.ofSeconds(10))
                        .pollInterval(Duration.ofMillis(100))
                        .until(capture::captureScreen, image -> {
                            String hash = image.contentHash();
                            return !hash.equals(without) && hash.equals(previous.getAndSet(hash));
                        });
                ScreenImage windowFrame = capture.captureWindow(window);
                int[] rectangle = session.windowRectangle(window);
                assertEquals(rectangle[2], windowFrame.width());
                assertEquals(withWindow.pixel(rectangle[0] + 5, rectangle[1] + 5), windowFrame.pixel(5, 5));
            } finally {
                zenity.destroy();
                zenity.waitFor(5, TimeUnit.SECONDS);
            }

            assertThrows(CaptureFailure.class, () -> capture.captureRegion(1900, 0, 100, 10));
            assertThrows(CaptureFailure.class, () -> capture.captureRegion(0, 0, 0, 10));
        }
    }

    @Test
    void pngFilesAreOwnerOnlyAndDecodeToTheSamePixels() throws Exception {
        try (X11Session session = X11Session.open(environment());
                ShmCapture capture = new ShmCapture(session)) {
            ScreenImage frame = capture.captureRegion(0, 0, 64, 48);
            Path file = directory.resolve("frame.png");
            PngFiles.write(frame, file);
            assertEquals(
                    "rw-------",
                    java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            BufferedImage decoded = ImageIO.read(file.toFile());
            assertEquals(frame.pixel(10, 10), decoded.getRGB(10, 10) & 0xFFFFFF);
            assertThrows(java.nio.file.FileAlreadyExistsException.class, () -> PngFiles.write(frame, file));
        }
    }
}

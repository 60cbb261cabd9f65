package org.praefectus.nativecore.capture;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.time.Duration;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.CaptureRequest;
import org.praefectus.api.desktop.DesktopCapture;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.Screenshot;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.vision.Region;

/**
 * The capture service on a real desktop ({@link NativeCapture} as the platform's capture component registers it): a
 * disposable document's window found by its title, captured with its semantic tree into a new private PNG whose size
 * is the frame's, a region inside it, a region leaving it refused. A platform's live suite extends this: it opens
 * the document, names its title and says what makes a file private there. Fails (never skips) where the platform
 * cannot capture (macOS: Screen Recording, macOS 15's withdrawn display images; Windows: no interactive desktop).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DesktopCaptureLiveContract {

    private static final CancellationToken GO = new CancellationToken();

    @TempDir
    private static Path directory;

    private DesktopCapture capture;

    /** Opens the disposable document and the capture service over the platform's executor. */
    protected abstract DesktopCapture open(Path directory) throws Exception;

    /** The document window's title, or a part of it no other window's title holds. */
    protected abstract String title();

    /** Asserts that a file the service wrote is readable by the user only. */
    protected abstract void assertPrivate(Path file) throws Exception;

    /** Closes the document without saving it. */
    protected abstract void close() throws Exception;

    @BeforeAll
    public final void openTheDocument() throws Exception {
        capture = open(directory);
    }

    @AfterAll
    public final void closeTheDocument() throws Exception {
        close();
    }

    private CaptureRequest byTitle(Region region, Path output, boolean tree) {
        return new CaptureRequest(region, null, title(), null, null, output, tree);
    }

    @Test
    public void theDocumentWindowIsCapturedIntoANewPrivatePngWithItsElements() throws Exception {
        Path file = directory.resolve("window.png");
        Screenshot shot = await("the document's window is captured")
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(250))
                .ignoreExceptionsMatching(
                        e -> e instanceof DesktopException d && d.code().equals("window_not_found"))
                .until(() -> capture.capture(byTitle(null, file, true), GO), s -> true);

        assertEquals("window", shot.source());
        assertNotNull(shot.window());
        assertTrue(shot.width() >= shot.window().bounds().width(), "at least one pixel per point");
        BufferedImage written = ImageIO.read(file.toFile());
        assertEquals(shot.width(), written.getWidth());
        assertEquals(shot.height(), written.getHeight());
        assertPrivate(file);
        assertFalse(shot.semanticTree().isEmpty(), "the window's elements are answered beside the image");

        Screenshot region = capture.capture(byTitle(new Region(0, 0, 40, 20), null, false), GO);
        assertEquals(shot.x(), region.x());
        assertEquals(shot.y(), region.y());

        int width = (int) shot.window().bounds().width();
        DesktopException leaving = assertThrows(
                DesktopException.class,
                () -> capture.capture(byTitle(new Region(width - 10, 0, 40, 20), null, false), GO));
        assertEquals("invalid_region", leaving.code());
    }
}

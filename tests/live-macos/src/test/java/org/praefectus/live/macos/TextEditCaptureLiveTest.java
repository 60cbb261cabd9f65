package org.praefectus.live.macos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.praefectus.api.desktop.DesktopCapture;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.macos.executor.MacExecutor;
import org.praefectus.macos.executor.MacSettings;
import org.praefectus.macos.jna.NativeAx;
import org.praefectus.macos.jna.NativeQuartz;
import org.praefectus.nativecore.capture.DesktopCaptureLiveContract;
import org.praefectus.nativecore.capture.NativeCapture;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.vision.image.PngCodec;

/**
 * The capture service on a real Mac ({@link DesktopCaptureLiveContract}, as {@code MacCaptureComponent} registers it)
 * on a disposable TextEdit document. Needs Accessibility and Screen Recording, and a macOS that still serves
 * CoreGraphics display images (before 15); fails otherwise, with the reason.
 */
class TextEditCaptureLiveTest extends DesktopCaptureLiveContract {

    static final String TITLE = "Tofu Praefectus Capture.txt";

    @Override
    protected DesktopCapture open(Path directory) throws Exception {
        MacExecutor executor = new MacExecutor(
                new NativeAx(),
                new NativeQuartz(),
                new MacSettings(SessionIsolation.SHARED_DESKTOP, directory.resolve("screenshots"), Map.of()));
        TextEditDocument.open(directory, TITLE);
        return new NativeCapture(
                executor.desktop(), executor.screenGrab(), new NativeDesktop(executor.desktop()), new PngCodec());
    }

    @Override
    protected String title() {
        return TITLE;
    }

    @Override
    protected void assertPrivate(Path file) throws Exception {
        assertEquals(
                PosixFilePermissions.fromString("rw-------"),
                Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
    }

    @Override
    protected void close() throws Exception {
        TextEditDocument.close(TITLE);
    }
}

package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.praefectus.api.vision.Region;
import org.praefectus.nativecore.capture.DesktopCaptureContract;

/**
 * The capture service on macOS ({@code NativeCapture} over the executor's port and {@link QuartzScreenGrab}) over the
 * hand-written fixtures: TextEdit in front of Finder, on a 1440×900-point display; Screen Recording withdrawn is
 * {@code capture_unavailable}; a file is written 0600. Nothing here ran on a Mac.
 */
class DesktopCaptureOverFixturesTest extends DesktopCaptureContract {

    @Override
    protected Fixture fixture(Path directory) throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit", "finder"), directory);
        return new Fixture(
                mac.executor.desktop(),
                mac.executor.screenGrab(),
                new Region(0, 0, 1440, 900),
                () -> mac.desktop.screenRecording = false);
    }

    @Override
    protected void assertPrivate(Path file) throws Exception {
        assertEquals(
                PosixFilePermissions.fromString("rw-------"),
                Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
    }
}

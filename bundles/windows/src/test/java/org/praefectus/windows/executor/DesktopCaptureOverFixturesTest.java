package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.praefectus.api.vision.Region;
import org.praefectus.nativecore.capture.DesktopCaptureContract;
import org.praefectus.windows.acl.AclDecision;

/**
 * The capture service on Windows ({@code NativeCapture} over the executor's port and {@link GdiScreenGrab}) over the
 * hand-written fixtures: Notepad in front of Explorer, on a 2560×1440 monitor; no interactive desktop is
 * {@code capture_unavailable}; a file is restricted to its owner by the bundle's ACL writer. Nothing here ran on
 * Windows.
 */
class DesktopCaptureOverFixturesTest extends DesktopCaptureContract {

    private WinTesting win;

    @Override
    protected Fixture fixture(Path directory) throws Exception {
        win = new WinTesting(Fixtures.desktop("notepad", "explorer-list"), directory);
        return new Fixture(
                win.executor.desktop(),
                win.executor.screenGrab(),
                new Region(0, 0, 2560, 1440),
                () -> win.desktop.captureRefused = true);
    }

    @Override
    protected void assertPrivate(Path file) throws Exception {
        assertTrue(AclDecision.isPrivate(win.acl.read(file), win.acl.currentUserSid()));
    }
}

package org.praefectus.windows.executor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.nativecore.capture.ScreenGrab;
import org.praefectus.nativecore.capture.ScreenPixels;
import org.praefectus.windows.acl.WindowsPrivateState;
import org.praefectus.windows.uia.Monitor;
import org.praefectus.windows.uia.ScreenImage;
import org.praefectus.windows.uia.UiaApi;

/**
 * The screen as GDI copies the virtual screen: a region in physical pixels is cut out of that one image. Without an
 * interactive desktop (a locked workstation, a secure desktop, a service session) GDI has no screen to copy, and the
 * reason is told. A file is written owner-only by the bundle's ACL writer.
 */
final class GdiScreenGrab implements ScreenGrab {

    private final UiaApi uia;
    private final WindowsPrivateState privateState;

    GdiScreenGrab(UiaApi uia, WindowsPrivateState privateState) {
        this.uia = uia;
        this.privateState = privateState;
    }

    @Override
    public String backend() {
        return "gdi-bitblt";
    }

    @Override
    public Optional<String> unavailable() {
        return uia.screenCaptureAvailable()
                ? Optional.empty()
                : Optional.of("the desktop is not interactive (a locked workstation, a secure desktop or a service"
                        + " session): GDI has no screen to copy");
    }

    /** The virtual screen: every monitor together. */
    @Override
    public Region screenBounds() {
        Region bounds = null;
        for (Monitor m : uia.monitors()) {
            Region monitor = new Region((int) m.x(), (int) m.y(), (int) m.width(), (int) m.height());
            bounds = bounds == null ? monitor : bounds.union(monitor);
        }
        return bounds;
    }

    @Override
    public Frame pixels(Region region) throws DesktopException {
        ScreenImage image = uia.captureScreen()
                .orElseThrow(() -> new DesktopException("capture_unavailable", "GDI refused to copy the screen"));
        return ScreenPixels.cut(
                image.pixels(),
                4 * image.width(),
                image.width(),
                image.height(),
                region.translate((int) -image.x(), (int) -image.y()));
    }

    @Override
    public void writeNew(Path file, byte[] content) throws IOException {
        privateState.writeNew(file, content);
    }
}

package org.praefectus.windows.executor;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.nativecore.CoordinateFence;
import org.praefectus.nativecore.DisplayTopology;
import org.praefectus.nativecore.Screen;
import org.praefectus.windows.uia.Monitor;
import org.praefectus.windows.uia.ScreenImage;
import org.praefectus.windows.uia.UiaApi;

/**
 * The monitors with their DPI (a moved, resized or rescaled monitor changes the topology) and the virtual
 * screen as GDI copies it for the coordinate fence. When GDI refuses (a locked workstation, a secure desktop),
 * there is no coordinate observation and capabilities say {@code coordinate_capture: false}.
 */
final class GdiScreen {

    private final UiaApi uia;

    GdiScreen(UiaApi uia) {
        this.uia = uia;
    }

    DisplayTopology topology() throws ExecutorException {
        return DisplayTopology.of(uia.monitors().stream().map(GdiScreen::screen).toList());
    }

    private static Screen screen(Monitor m) {
        return new Screen(
                new DisplayGeometry(m.name(), m.x(), m.y(), m.width(), m.height()),
                new JsonValue.JsonString(m.name()),
                List.of((long) m.dpi()));
    }

    ScreenImage capture() throws ExecutorException {
        return uia.captureScreen().orElseThrow(() -> CoordinateFence.unavailable("coordinate capture is unavailable"));
    }

    /** SHA-256 of the virtual screen's origin, size and pixels: one capture covers every monitor. */
    String contentHash(DisplayTopology topology) throws ExecutorException {
        ScreenImage image = capture();
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((image.x() + "," + image.y() + "," + image.width() + "," + image.height() + ";")
                    .getBytes(StandardCharsets.US_ASCII));
            digest.update(image.pixels(), 0, 4 * image.width() * image.height());
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

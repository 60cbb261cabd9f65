package org.praefectus.linux.wayland;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.imageio.ImageIO;
import org.freedesktop.dbus.types.Variant;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.linux.wayland.PortalException.Reason;

/**
 * Full-screen captures through {@code org.freedesktop.portal.Screenshot}, non-interactive. The portal answers
 * with a PNG file it wrote (GNOME: in the person's Pictures folder); it is read and deleted at once, so
 * fences that capture again and again leave nothing behind. Whether the caller may take screenshots without a
 * question is the portal's decision (its permission store, {@code screenshot}/{@code screenshot}): a question
 * nobody answers before the deadline is withdrawn and reported unanswered, never taken for consent.
 */
public final class PortalScreenshot {

    private final PortalRequests requests;

    PortalScreenshot(PortalRequests requests) {
        this.requests = requests;
    }

    /**
     * Captures the whole compositor stage.
     *
     * @throws PortalException denied when the person or the permission store refused, unanswered when the
     *     deadline passed, unavailable when the backend cannot capture or the file cannot be read
     */
    public ScreenImage captureScreen(long deadlineAtMs) throws PortalException {
        Portal.Screenshot portal = requests.portal(Portal.Screenshot.class);
        PortalRequests.Answer answer = requests.request(
                Map.of("interactive", new Variant<>(false)), options -> portal.Screenshot("", options), deadlineAtMs);
        Object uri = answer.results().containsKey("uri")
                ? answer.results().get("uri").getValue()
                : null;
        if (!(uri instanceof String text) || !text.startsWith("file:/")) {
            throw new PortalException(Reason.UNAVAILABLE, "the portal returned no screenshot file");
        }
        Path file = Path.of(URI.create(text));
        try {
            return decode(file);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException | SecurityException left) {
                // the portal's file stays where the portal put it; nothing else depends on it
            }
        }
    }

    private static ScreenImage decode(Path file) throws PortalException {
        BufferedImage image;
        try {
            image = ImageIO.read(file.toFile());
        } catch (IOException e) {
            image = null;
        }
        if (image == null || image.getWidth() <= 0 || image.getHeight() <= 0) {
            throw new PortalException(Reason.UNAVAILABLE, "the portal's screenshot cannot be read");
        }
        int width = image.getWidth();
        int height = image.getHeight();
        int[] pixels = image.getRGB(0, 0, width, height, null, 0, width);
        for (int i = 0; i < pixels.length; i++) {
            pixels[i] &= 0x00FF_FFFF;
        }
        return new ScreenImage(0, 0, width, height, pixels);
    }
}

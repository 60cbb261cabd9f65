package org.praefectus.macos.executor;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.macos.quartz.Display;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.ScreenImage;
import org.praefectus.nativecore.CoordinateFence;
import org.praefectus.nativecore.DisplayTopology;
import org.praefectus.nativecore.Screen;

/**
 * The displays as Quartz reports them: the topology (bounds in points, size in pixels, so a scale change is a
 * topology change) and the pixels the coordinate fence hashes, through CoreGraphics display images where the
 * OS still serves them ({@link QuartzApi#displayImagesServed()}). Where it does not, there are no coordinate
 * observations and capabilities say {@code coordinate_capture: false}.
 */
final class QuartzDisplays {

    private final QuartzApi quartz;

    QuartzDisplays(QuartzApi quartz) {
        this.quartz = quartz;
    }

    DisplayTopology topology() throws ExecutorException {
        return DisplayTopology.of(
                quartz.displays().stream().map(QuartzDisplays::screen).toList());
    }

    private static Screen screen(Display d) {
        return new Screen(
                new DisplayGeometry(Long.toString(d.displayId()), d.x(), d.y(), d.width(), d.height()),
                JsonValue.JsonNumber.of(d.displayId()),
                List.of(d.pixelWidth(), d.pixelHeight()));
    }

    /** Whether coordinate capture can be served now: Screen Recording granted and display images served. */
    boolean available() {
        return quartz.screenRecording() && quartz.displayImagesServed();
    }

    /** The image of the display a point lies on (for the screenshot action). */
    ScreenImage capture(TargetRef.Coordinates point) throws ExecutorException {
        return image(Long.parseLong(point.displayId()));
    }

    /** SHA-256 of every display's identity, size and pixels. */
    String contentHash(DisplayTopology topology) throws ExecutorException {
        MessageDigest digest = sha256();
        for (DisplayGeometry display : topology.geometries()) {
            long displayId = Long.parseLong(display.displayId());
            ScreenImage image = image(displayId);
            digest.update(longBytes(displayId));
            digest.update(longBytes(image.width()));
            digest.update(longBytes(image.height()));
            // only the pixels: the padding at the end of each row is not screen content
            for (int row = 0; row < image.height(); row++) {
                digest.update(image.pixels(), row * image.bytesPerRow(), 4 * image.width());
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private ScreenImage image(long displayId) throws ExecutorException {
        if (!available()) {
            throw CoordinateFence.unavailable("coordinate capture is unavailable");
        }
        return quartz.captureDisplay(displayId)
                .orElseThrow(() -> CoordinateFence.unavailable("the display image was refused"));
    }

    private static byte[] longBytes(long value) {
        byte[] bytes = new byte[8];
        for (int i = 7; i >= 0; i--) {
            bytes[i] = (byte) value;
            value >>>= 8;
        }
        return bytes;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

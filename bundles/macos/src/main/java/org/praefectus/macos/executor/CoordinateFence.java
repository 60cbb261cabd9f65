package org.praefectus.macos.executor;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.function.LongSupplier;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ObservationStore;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.macos.quartz.Display;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.ScreenImage;

/**
 * Coordinate observations and their fence: the display topology hash and the SHA-256 of every display's
 * pixels, through CoreGraphics display images where the OS still serves them
 * ({@link QuartzApi#displayImagesServed()}). Where it does not, there are no coordinate observations and
 * capabilities say {@code coordinate_capture: false}; nothing pretends.
 */
final class CoordinateFence {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final QuartzApi quartz;
    private final LongSupplier clock;
    private final ObservationStore<CoordinateObservation> store = new ObservationStore<>(16);

    CoordinateFence(QuartzApi quartz, LongSupplier clock) {
        this.quartz = quartz;
        this.clock = clock;
    }

    /** Whether coordinate capture can be served now: Screen Recording granted and display images served. */
    boolean available() {
        return quartz.screenRecording() && quartz.displayImagesServed();
    }

    CoordinateObservation observe() throws ExecutorException {
        DisplayTopology topology = DisplayTopology.of(quartz.displays());
        String content = contentHash(topology);
        if (!DisplayTopology.of(quartz.displays()).hash().equals(topology.hash())) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "display geometry changed");
        }
        byte[] id = new byte[32];
        RANDOM.nextBytes(id);
        CoordinateObservation observation = new CoordinateObservation(
                Protocol.PROTOCOL_VERSION,
                HexFormat.of().formatHex(id),
                topology.hash(),
                content,
                clock.getAsLong(),
                topology.geometries());
        store.put(observation.snapshotId(), observation);
        return observation;
    }

    /** The fence: a current observation of ours, the same topology and screen content, the point on its display. */
    CoordinateObservation check(TargetRef.Coordinates point) throws ExecutorException {
        CoordinateObservation observation = store.get(point.snapshotId()).orElse(null);
        long now = clock.getAsLong();
        if (observation == null
                || !observation.displayGeometryHash().equals(point.displayGeometryHash())
                || !observation.snapshotContentHash().equals(point.snapshotContentHash())
                || observation.observedAtMs() > now
                || now - observation.observedAtMs() > CoordinateObservation.MAX_AGE_MS) {
            throw new ExecutorException(
                    ExecutorFailure.STALE_TARGET, "coordinate observation provenance does not match");
        }
        DisplayTopology topology = DisplayTopology.of(quartz.displays());
        if (!topology.hash().equals(point.displayGeometryHash())) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "display geometry changed");
        }
        boolean onDisplay = false;
        for (DisplayGeometry display : observation.displays()) {
            onDisplay |= display.displayId().equals(point.displayId()) && display.contains(point.x(), point.y());
        }
        if (!onDisplay) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "coordinate is outside its named display");
        }
        if (!contentHash(topology).equals(point.snapshotContentHash())) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "screen observation changed");
        }
        return observation;
    }

    /** The image of the display a point lies on (for the screenshot action). */
    ScreenImage capture(TargetRef.Coordinates point) throws ExecutorException {
        return image(Long.parseLong(point.displayId()));
    }

    private String contentHash(DisplayTopology topology) throws ExecutorException {
        MessageDigest digest = sha256();
        for (Display display : topology.displays()) {
            ScreenImage image = image(display.displayId());
            digest.update(longBytes(display.displayId()));
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
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "coordinate capture is unavailable");
        }
        return quartz.captureDisplay(displayId)
                .orElseThrow(() -> new ExecutorException(ExecutorFailure.UNAVAILABLE, "the display image was refused"));
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

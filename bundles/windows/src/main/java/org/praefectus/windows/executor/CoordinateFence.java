package org.praefectus.windows.executor;

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
import org.praefectus.windows.uia.ScreenImage;
import org.praefectus.windows.uia.UiaApi;

/**
 * Coordinate observations and their fence: the monitor topology hash and the SHA-256 of the virtual screen
 * as GDI copies it. When GDI refuses (a locked workstation, a secure desktop), there is no coordinate
 * observation and capabilities say {@code coordinate_capture: false}.
 */
final class CoordinateFence {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final UiaApi uia;
    private final LongSupplier clock;
    private final ObservationStore<CoordinateObservation> store = new ObservationStore<>(16);

    CoordinateFence(UiaApi uia, LongSupplier clock) {
        this.uia = uia;
        this.clock = clock;
    }

    CoordinateObservation observe() throws ExecutorException {
        DisplayTopology topology = DisplayTopology.of(uia.monitors());
        String content = contentHash(capture());
        if (!DisplayTopology.of(uia.monitors()).hash().equals(topology.hash())) {
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
        if (!DisplayTopology.of(uia.monitors()).hash().equals(point.displayGeometryHash())) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "display geometry changed");
        }
        boolean onDisplay = false;
        for (DisplayGeometry display : observation.displays()) {
            onDisplay |= display.displayId().equals(point.displayId()) && display.contains(point.x(), point.y());
        }
        if (!onDisplay) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "coordinate is outside its named display");
        }
        if (!contentHash(capture()).equals(point.snapshotContentHash())) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "screen observation changed");
        }
        return observation;
    }

    ScreenImage capture() throws ExecutorException {
        return uia.captureScreen()
                .orElseThrow(
                        () -> new ExecutorException(ExecutorFailure.UNAVAILABLE, "coordinate capture is unavailable"));
    }

    private static String contentHash(ScreenImage image) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((image.x() + "," + image.y() + "," + image.width() + "," + image.height() + ";")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            digest.update(image.pixels(), 0, 4 * image.width() * image.height());
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

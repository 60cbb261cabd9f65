package org.praefectus.linux.executor;

import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ObservationStore;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.linux.capture.CaptureFailure;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.linux.capture.ScreenLayout;
import org.praefectus.linux.capture.ScreenSource;

/**
 * Coordinate observations and their fence: a coordinate target is valid only while the observation is one
 * we made, at most {@link CoordinateObservation#MAX_AGE_MS} old, the display layout (RandR on X11, the
 * compositor's outputs on Wayland) hashes the same, the
 * point lies on the named display, and a fresh capture of the point's neighbourhood ({@link ScreenTiles})
 * is the same as at observation. The observation's {@code snapshot_content_hash} covers the whole screen and
 * names the observation; the fence compares only the neighbourhood, so an animation elsewhere does not
 * stale every coordinate target.
 */
final class CoordinateFence {

    static final String BACKEND = "praefectus-x11";
    private static final int CAPACITY = 64;

    private final ObservationStore<Stored> observations = new ObservationStore<>(CAPACITY);

    /** An observation with the tiles its fence compares. */
    private record Stored(CoordinateObservation observation, ScreenTiles tiles) {}

    /** Observes the screen now: topology, a full capture's content hash, and a fresh snapshot identity. */
    CoordinateObservation observe(ScreenSource screen, ScreenLayout topology) throws ExecutorException {
        ScreenImage frame = capture(screen);
        long observedAtMs = System.currentTimeMillis();
        String contentHash = frame.contentHash();
        String geometryHash = topology.hash();
        String snapshotId = CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(BACKEND),
                new JsonValue.JsonString(geometryHash),
                new JsonValue.JsonString(contentHash),
                JsonValue.JsonNumber.of(observedAtMs),
                JsonValue.JsonNumber.of(System.nanoTime()))));
        CoordinateObservation observation = new CoordinateObservation(
                Protocol.PROTOCOL_VERSION, snapshotId, geometryHash, contentHash, observedAtMs, topology.geometry());
        observations.put(snapshotId, new Stored(observation, ScreenTiles.of(frame)));
        return observation;
    }

    /**
     * Checks a coordinate target against the live screen.
     *
     * @return the observation it came from
     * @throws ExecutorException stale when anything changed, invalid when the point is off its display
     */
    CoordinateObservation check(TargetRef.Coordinates target, ScreenSource screen, ScreenLayout topology)
            throws ExecutorException {
        Stored stored = observations.get(target.snapshotId()).orElse(null);
        CoordinateObservation observation = stored == null ? null : stored.observation();
        long now = System.currentTimeMillis();
        if (observation == null
                || now < observation.observedAtMs()
                || now - observation.observedAtMs() > CoordinateObservation.MAX_AGE_MS
                || !observation.snapshotContentHash().equals(target.snapshotContentHash())
                || !observation.displayGeometryHash().equals(target.displayGeometryHash())) {
            throw stale("coordinate observation is unknown or expired");
        }
        if (!topology.hash().equals(target.displayGeometryHash())) {
            throw stale("display geometry changed");
        }
        boolean onDisplay = false;
        for (DisplayGeometry geometry : observation.displays()) {
            onDisplay |= geometry.displayId().equals(target.displayId()) && geometry.contains(target.x(), target.y());
        }
        if (!onDisplay) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "point is not on the named display");
        }
        int[] around = stored.tiles().neighbourhood(target.x(), target.y());
        ScreenImage current;
        try {
            current = screen.captureRegion(around[0], around[1], around[2], around[3]);
        } catch (CaptureFailure e) {
            // the screen shrank under the observation, or cannot be read
            throw stale("screen content changed");
        }
        if (!stored.tiles().sameAround(current)) {
            throw stale("screen content changed around the target");
        }
        return observation;
    }

    private static ScreenImage capture(ScreenSource screen) throws ExecutorException {
        try {
            return screen.captureScreen();
        } catch (CaptureFailure e) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "the screen cannot be captured");
        }
    }

    private static ExecutorException stale(String message) {
        return new ExecutorException(ExecutorFailure.STALE_TARGET, message);
    }
}

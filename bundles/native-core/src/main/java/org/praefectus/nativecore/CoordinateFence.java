package org.praefectus.nativecore;

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

/**
 * Coordinate observations and their fence: the display topology hash and a hash of the screen's pixels as the
 * platform captures them. A point is admitted only from a current observation of ours, with the same topology
 * and content now, on the display it names. Where the platform cannot capture, there is no coordinate
 * observation; nothing pretends.
 */
public final class CoordinateFence {

    /** The display topology now. */
    @FunctionalInterface
    public interface Displays {
        DisplayTopology topology() throws ExecutorException;
    }

    /** The hash of the screen's pixels over this topology; unavailable when the platform refuses the capture. */
    @FunctionalInterface
    public interface Content {
        String hash(DisplayTopology topology) throws ExecutorException;
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Displays displays;
    private final Content content;
    private final LongSupplier clock;
    private final ObservationStore<CoordinateObservation> store = new ObservationStore<>(16);

    public CoordinateFence(Displays displays, Content content, LongSupplier clock) {
        this.displays = displays;
        this.content = content;
        this.clock = clock;
    }

    /** A new coordinate observation, remembered for its fence; refused when the displays move while captured. */
    public CoordinateObservation observe() throws ExecutorException {
        DisplayTopology topology = displays.topology();
        String pixels = content.hash(topology);
        if (!displays.topology().hash().equals(topology.hash())) {
            throw TargetAdmission.stale("display geometry changed");
        }
        byte[] id = new byte[32];
        RANDOM.nextBytes(id);
        CoordinateObservation observation = new CoordinateObservation(
                Protocol.PROTOCOL_VERSION,
                HexFormat.of().formatHex(id),
                topology.hash(),
                pixels,
                clock.getAsLong(),
                topology.geometries());
        store.put(observation.snapshotId(), observation);
        return observation;
    }

    /** The fence: a current observation of ours, the same topology and screen content, the point on its display. */
    public CoordinateObservation check(TargetRef.Coordinates point) throws ExecutorException {
        CoordinateObservation observation = store.get(point.snapshotId()).orElse(null);
        long now = clock.getAsLong();
        if (observation == null
                || !observation.displayGeometryHash().equals(point.displayGeometryHash())
                || !observation.snapshotContentHash().equals(point.snapshotContentHash())
                || observation.observedAtMs() > now
                || now - observation.observedAtMs() > CoordinateObservation.MAX_AGE_MS) {
            throw TargetAdmission.stale("coordinate observation provenance does not match");
        }
        DisplayTopology topology = displays.topology();
        if (!topology.hash().equals(point.displayGeometryHash())) {
            throw TargetAdmission.stale("display geometry changed");
        }
        boolean onDisplay = false;
        for (DisplayGeometry display : observation.displays()) {
            onDisplay |= display.displayId().equals(point.displayId()) && display.contains(point.x(), point.y());
        }
        if (!onDisplay) {
            throw TargetAdmission.stale("coordinate is outside its named display");
        }
        if (!content.hash(topology).equals(point.snapshotContentHash())) {
            throw TargetAdmission.stale("screen observation changed");
        }
        return observation;
    }

    /** The refusal when the platform cannot capture the screen now. */
    public static ExecutorException unavailable(String reason) {
        return new ExecutorException(ExecutorFailure.UNAVAILABLE, reason);
    }
}

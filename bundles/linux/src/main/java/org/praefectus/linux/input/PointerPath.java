package org.praefectus.linux.input;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.protocol.RequestValidation;

/**
 * The motions of a pointer path from one point to another, for a paced {@code move} or {@code drag}: {@code steps}
 * equal motions along the straight line, the last one exactly at the destination, with pauses that add up to
 * {@code durationMs} spread evenly before them. Without a step count a duration moves about every 16 ms (one frame at
 * 60 Hz), as a hand would; without either the path is the executor's own (see {@link #paced}).
 */
public final class PointerPath {

    /** About one frame at 60 Hz: the interval of a duration given without a step count. */
    static final long FRAME_MS = 16;

    /**
     * One motion of the path.
     *
     * @param x            where the pointer goes
     * @param y            where the pointer goes
     * @param pauseMs      the pause before it, in milliseconds
     */
    public record Motion(int x, int y, long pauseMs) {}

    private PointerPath() {}

    /** Whether an action's path is paced at all: a duration or a step count was signed. */
    public static boolean paced(Long durationMs, Long steps) {
        return durationMs != null || steps != null;
    }

    /**
     * The motions from ({@code fromX}, {@code fromY}), excluded, to ({@code toX}, {@code toY}), included.
     *
     * @param durationMs the whole path's pauses, or {@code null} for none
     * @param steps      the number of motions, or {@code null} for one every {@link #FRAME_MS} of the duration
     */
    public static List<Motion> between(long fromX, long fromY, long toX, long toY, Long durationMs, Long steps) {
        long duration = durationMs == null ? 0 : durationMs;
        long count =
                steps != null ? steps : Math.max(1, Math.min(RequestValidation.MAX_PATH_STEPS, duration / FRAME_MS));
        List<Motion> motions = new ArrayList<>();
        for (long i = 1; i <= count; i++) {
            // the i-th pause is the difference of two rounded fractions, so the pauses add up to the duration exactly
            long pause = Math.round((double) duration * i / count) - Math.round((double) duration * (i - 1) / count);
            motions.add(new Motion(
                    (int) Math.round(fromX + (double) (toX - fromX) * i / count),
                    (int) Math.round(fromY + (double) (toY - fromY) * i / count),
                    pause));
        }
        return motions;
    }
}

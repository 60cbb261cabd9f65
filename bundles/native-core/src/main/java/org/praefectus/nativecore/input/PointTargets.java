package org.praefectus.nativecore.input;

import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.TargetRef;

/**
 * A screen point as a coordinate target of a fresh coordinate observation, on the display that holds it: how every
 * platform's input verbs aim pointer input.
 */
public final class PointTargets {

    private PointTargets() {}

    /**
     * @param clamp move a point outside every display onto the nearest one instead of refusing it
     * @throws DesktopException {@code out_of_bounds} for a point outside every display, unclamped
     */
    public static TargetRef.Coordinates at(CoordinateObservation screen, long[] point, boolean clamp)
            throws DesktopException {
        DisplayGeometry nearest = null;
        long nearestDistance = Long.MAX_VALUE;
        for (DisplayGeometry display : screen.displays()) {
            if (display.contains(point[0], point[1])) {
                return target(screen, display, point[0], point[1]);
            }
            long distance =
                    Math.abs(clampX(display, point[0]) - point[0]) + Math.abs(clampY(display, point[1]) - point[1]);
            if (distance < nearestDistance) {
                nearest = display;
                nearestDistance = distance;
            }
        }
        if (!clamp || nearest == null) {
            throw new DesktopException(
                    "out_of_bounds", "the point is outside every display (use --clamp to move it onto one)");
        }
        return target(screen, nearest, clampX(nearest, point[0]), clampY(nearest, point[1]));
    }

    private static long clampX(DisplayGeometry display, long x) {
        return Math.max(display.x(), Math.min(x, display.x() + display.width() - 1));
    }

    private static long clampY(DisplayGeometry display, long y) {
        return Math.max(display.y(), Math.min(y, display.y() + display.height() - 1));
    }

    private static TargetRef.Coordinates target(CoordinateObservation screen, DisplayGeometry display, long x, long y) {
        return new TargetRef.Coordinates(
                x,
                y,
                display.displayId(),
                screen.displayGeometryHash(),
                screen.snapshotId(),
                screen.snapshotContentHash());
    }
}

package org.praefectus.nativecore.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.vision.CoveredArea;
import org.praefectus.api.vision.Occlusion;
import org.praefectus.api.vision.Region;

/**
 * Whether a window capture shows the window's own pixels, from the windows' stacking and bounds alone (never the
 * pixels): the windows listed in front of it that are not minimized and lie over the captured region are named,
 * with the part of the region they cover together.
 */
final class WindowOcclusion {

    private WindowOcclusion() {}

    /**
     * @param frontToBack the desktop's windows as the port lists them, front first
     * @param windowId    the captured window
     * @param region      the captured region, screen coordinates
     */
    static Optional<Occlusion> of(List<DesktopWindow> frontToBack, String windowId, Region region) {
        List<Region> covered = new ArrayList<>();
        List<Occlusion.CoveringWindow> covering = new ArrayList<>();
        for (DesktopWindow window : frontToBack) {
            if (window.id().equals(windowId)) {
                return covering.isEmpty()
                        ? Optional.empty()
                        : Optional.of(
                                new Occlusion(Occlusion.fraction(CoveredArea.of(covered), region.area()), covering));
            }
            Optional<Region> over = "minimized".equals(window.state())
                    ? Optional.empty()
                    : region(window.bounds()).flatMap(region::intersection);
            if (over.isPresent()) {
                covered.add(over.get());
                covering.add(new Occlusion.CoveringWindow(window.id(), window.title(), window.appId()));
            }
        }
        return Optional.empty(); // the window left the listing since it was captured: nothing is claimed over it
    }

    /** A window's bounds as a region, or empty when it has no area. */
    static Optional<Region> region(Rect bounds) {
        if (bounds == null || !bounds.hasArea()) {
            return Optional.empty();
        }
        return Optional.of(new Region((int) bounds.x(), (int) bounds.y(), (int) bounds.width(), (int) bounds.height()));
    }
}

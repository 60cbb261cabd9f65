package org.praefectus.linux.capture;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.vision.CoveredArea;
import org.praefectus.api.vision.Occlusion;
import org.praefectus.api.vision.Region;
import org.praefectus.linux.x11.ClientWindow;
import org.praefectus.linux.x11.EwmhWindows;
import org.praefectus.linux.x11.WindowStacking;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * Whether a window capture shows the window's own pixels: a region of the screen shows the window only where no
 * window stacked above it lies, so the windows above ({@link WindowStacking}) are named, with the part of the
 * region they cover together ({@link CoveredArea}), by their client's title and application when the window
 * manager lists one.
 */
final class WindowCoverage {

    private WindowCoverage() {}

    /**
     * The {@code occluded} warning for capturing {@code region} (screen coordinates) of {@code window}, or empty
     * when nothing lies over that region.
     *
     * @throws X11Refusal when the window is not on the screen or the stacking cannot be read
     */
    static Optional<Occlusion> of(X11Session session, long window, Region region) throws X11Refusal {
        List<WindowStacking.Above> above = WindowStacking.above(
                session, window, new int[] {region.x(), region.y(), region.width(), region.height()});
        if (above.isEmpty()) {
            return Optional.empty(); // one display call: the window manager's list is read only to name coverers
        }
        Map<Long, ClientWindow> byId = new HashMap<>();
        try {
            EwmhWindows.list(session).forEach(client -> byId.put(client.id(), client));
        } catch (X11Refusal noWindowManager) {
            // the covering windows are then named by their IDs, without title or application
        }
        List<Region> covered = new ArrayList<>();
        List<Occlusion.CoveringWindow> covering = new ArrayList<>();
        for (WindowStacking.Above one : above) {
            int[] c = one.covered();
            covered.add(new Region(c[0], c[1], c[2], c[3]));
            ClientWindow client = byId.get(one.window());
            covering.add(new Occlusion.CoveringWindow(
                    Long.toString(one.window()),
                    client == null ? "" : client.title(),
                    client == null ? "" : client.appId()));
        }
        return Optional.of(new Occlusion(Occlusion.fraction(CoveredArea.of(covered), region.area()), covering));
    }
}

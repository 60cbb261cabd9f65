package org.praefectus.nativecore;

import java.util.List;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.DisplayGeometry;

/**
 * One display as a platform reports it: its geometry in the desktop's coordinate space, the identity the
 * platform gives it, and what says its scale (pixel size, DPI), so a rescaled display changes the topology.
 *
 * @param geometry the display's identity and bounds as coordinate observations carry them
 * @param identity the platform's own identity in the topology hash ({@code CGDirectDisplayID}, device name)
 * @param scale    the numbers that fix its scale, in order
 */
public record Screen(DisplayGeometry geometry, JsonValue identity, List<Long> scale) {

    public Screen {
        if (geometry == null || identity == null) {
            throw new IllegalArgumentException("a screen needs its geometry and identity");
        }
        scale = List.copyOf(scale);
    }
}

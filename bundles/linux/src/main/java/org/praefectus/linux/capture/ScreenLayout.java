package org.praefectus.linux.capture;

import java.util.List;
import org.praefectus.api.protocol.DisplayGeometry;

/**
 * The displays that captures and coordinates refer to, as one session type reads them (RandR on X11, the
 * compositor's outputs on Wayland), with the hash observations and fences compare.
 */
public interface ScreenLayout {

    /** SHA-256 of the canonical form of this layout. */
    String hash();

    /** The displays as the protocol describes them. */
    List<DisplayGeometry> geometry();
}

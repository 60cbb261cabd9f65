package org.praefectus.linux.wayland;

import java.util.Map;
import java.util.TreeMap;
import org.praefectus.linux.x11.SessionType;

/**
 * What a Wayland session offers, read live: the declared session type, whether the compositor's socket
 * listens, which compositor owns the session and which portal interfaces answer (with their versions).
 *
 * @param type           X11, Wayland or unknown, as {@link SessionType#of} decides it from the environment
 * @param socketListening whether {@code WAYLAND_DISPLAY} names a socket that exists
 * @param compositor     {@code mutter}, {@code gnome-shell}, {@code kwin}, {@code sway} or {@code unknown}
 * @param portals        each portal interface that answered, with the {@code version} it reported
 */
public record WaylandSession(
        SessionType type, boolean socketListening, String compositor, Map<PortalInterface, Integer> portals) {

    public static final String UNKNOWN_COMPOSITOR = "unknown";

    public WaylandSession {
        portals = Map.copyOf(portals);
    }

    /** A native Wayland session: declared so and its compositor socket is there. */
    public boolean nativeWayland() {
        return type == SessionType.WAYLAND && socketListening;
    }

    /**
     * The capability permissions this session contributes: {@code wayland_socket} and one
     * {@code portal_…} flag per interface. A portal counts only in a native Wayland session: on X11 the
     * executor keeps its X11 routes.
     */
    public Map<String, Boolean> permissions() {
        Map<String, Boolean> permissions = new TreeMap<>();
        permissions.put("wayland_socket", nativeWayland());
        for (PortalInterface portal : PortalInterface.values()) {
            permissions.put(portal.permission(), nativeWayland() && portals.containsKey(portal));
        }
        return permissions;
    }
}

package org.praefectus.linux.wayland;

import java.util.EnumMap;
import java.util.Map;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.interfaces.DBus;
import org.freedesktop.dbus.interfaces.Properties;
import org.praefectus.linux.x11.SessionType;

/**
 * Reads a {@link WaylandSession} live from the environment, the compositor socket and the session bus. Any
 * failure to reach the bus means "no portal, compositor unknown", never an exception.
 */
public final class WaylandProbe {

    /** Session-bus names that only the named compositor owns, most specific first. */
    private static final Map<String, String> COMPOSITOR_NAMES = new java.util.LinkedHashMap<>();

    static {
        COMPOSITOR_NAMES.put("org.gnome.Shell", "gnome-shell");
        COMPOSITOR_NAMES.put("org.gnome.Mutter.DisplayConfig", "mutter");
        COMPOSITOR_NAMES.put("org.kde.KWin", "kwin");
    }

    private static final String GNOME_SHELL_SCREENSHOT = "org.gnome.Shell.Screenshot";

    /** Whether the environment names a native Wayland session whose socket listens; no bus is asked. */
    public static boolean nativeWayland(Map<String, String> environment) {
        return SessionType.of(environment) == SessionType.WAYLAND
                && WaylandSocket.path(environment).map(WaylandSocket::listening).orElse(false);
    }

    public WaylandSession probe(Map<String, String> environment) {
        SessionType type = SessionType.of(environment);
        boolean listening =
                WaylandSocket.path(environment).map(WaylandSocket::listening).orElse(false);
        String compositor = WaylandSession.UNKNOWN_COMPOSITOR;
        Map<PortalInterface, Integer> portals = new EnumMap<>(PortalInterface.class);
        String bus = environment.get("DBUS_SESSION_BUS_ADDRESS");
        // only a native Wayland session is asked: on X11 the portal frontend would be bus-activated for nothing
        if (type == SessionType.WAYLAND && listening && bus != null && !bus.isBlank()) {
            try (DBusConnection session =
                    DBusConnectionBuilder.forAddress(bus).withShared(false).build()) {
                compositor = compositor(session);
                portals.putAll(portals(session));
                if (portals.containsKey(PortalInterface.SCREENSHOT) && !screenshotsAnswer(session, compositor)) {
                    portals.remove(PortalInterface.SCREENSHOT);
                }
            } catch (Exception | LinkageError unreachable) {
                // no session bus: nothing answers, the compositor stays unknown
            }
        }
        if (listening
                && compositor.equals(WaylandSession.UNKNOWN_COMPOSITOR)
                && WaylandSocket.listening(
                        java.nio.file.Path.of(environment.getOrDefault("SWAYSOCK", "/nonexistent")))) {
            compositor = "sway";
        }
        return new WaylandSession(type, listening, compositor, portals);
    }

    private static String compositor(DBusConnection session) throws Exception {
        DBus daemon = session.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class);
        for (Map.Entry<String, String> name : COMPOSITOR_NAMES.entrySet()) {
            if (daemon.NameHasOwner(name.getKey())) {
                return name.getValue();
            }
        }
        return WaylandSession.UNKNOWN_COMPOSITOR;
    }

    /**
     * The GNOME backend forwards Screenshot to gnome-shell's {@code org.gnome.Shell.Screenshot}; under mutter
     * alone that name has no owner and the request is never answered, even after its permission question is
     * allowed (measured: no Response in 10 s, see docs/wayland.md), so the interface is not counted there.
     */
    private static boolean screenshotsAnswer(DBusConnection session, String compositor) throws Exception {
        if (!compositor.equals("mutter")) {
            return true;
        }
        DBus daemon = session.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class);
        return daemon.NameHasOwner(GNOME_SHELL_SCREENSHOT);
    }

    /** Every portal interface whose {@code version} property answers, with that version. */
    private static Map<PortalInterface, Integer> portals(DBusConnection session) throws Exception {
        Map<PortalInterface, Integer> portals = new EnumMap<>(PortalInterface.class);
        DBus daemon = session.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class);
        // asking a name that is neither owned nor activatable would only wait for a timeout
        boolean frontend = daemon.NameHasOwner(PortalInterface.BUS_NAME)
                || java.util.List.of(daemon.ListActivatableNames()).contains(PortalInterface.BUS_NAME);
        if (!frontend) {
            return portals;
        }
        Properties properties =
                session.getRemoteObject(PortalInterface.BUS_NAME, PortalInterface.OBJECT_PATH, Properties.class);
        for (PortalInterface portal : PortalInterface.values()) {
            try {
                Object version = properties.Get(portal.dbusName(), "version");
                if (version instanceof Number number) {
                    portals.put(portal, number.intValue());
                }
            } catch (RuntimeException notServed) {
                // the frontend has no backend for this interface
            }
        }
        return portals;
    }
}

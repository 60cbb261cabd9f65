package org.praefectus.linux.wayland;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.linux.x11.SessionType;

/**
 * Runs only inside {@code scripts/test-wayland-desktop} (headless gnome-shell + PipeWire + xdg-desktop-portal
 * with the GNOME backend), which scripts/test starts for it; it fails, never skips, anywhere else.
 */
class WaylandDesktopCheck {

    @Test
    void seesHeadlessGnomeShellAndThePortalInterfacesItsBackendServes() {
        Map<String, String> environment = System.getenv();
        if (!"wayland".equals(environment.get("XDG_SESSION_TYPE")) || environment.get("WAYLAND_DISPLAY") == null) {
            fail("this test needs the Wayland test desktop: run it through scripts/test-wayland-desktop");
        }
        WaylandSession session = new WaylandProbe().probe(environment);

        assertEquals(SessionType.WAYLAND, session.type());
        assertTrue(session.socketListening(), "gnome-shell's socket listens");
        assertEquals("gnome-shell", session.compositor(), "gnome-shell owns org.gnome.Shell");
        // xdg-desktop-portal 1.16 serves these versions on Debian 12 (docs/wayland.md); Screenshot counts because
        // gnome-shell owns org.gnome.Shell.Screenshot, which the GNOME backend forwards to
        assertEquals(
                Map.of(
                        PortalInterface.SCREENSHOT,
                        2,
                        PortalInterface.SCREEN_CAST,
                        4,
                        PortalInterface.REMOTE_DESKTOP,
                        1),
                session.portals());
        assertEquals(
                Map.of(
                        "wayland_socket", true,
                        "portal_screenshot", true,
                        "portal_screencast", true,
                        "portal_remote_desktop", true),
                session.permissions());
    }
}

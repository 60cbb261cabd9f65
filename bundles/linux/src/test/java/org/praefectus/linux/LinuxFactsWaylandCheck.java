package org.praefectus.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Capabilities;

/** The platform's capabilities inside {@code scripts/test-wayland-desktop}; fails, never skips, elsewhere. */
class LinuxFactsWaylandCheck {

    @Test
    void reportsANativeWaylandSessionWithItsPortalsAndNoX11() {
        LinuxEnvironment environment = LinuxEnvironment.of(System.getenv());
        if (environment.variables().get("WAYLAND_DISPLAY") == null || environment.sessionBusAddress() == null) {
            fail("this test needs the Wayland test desktop: run it through scripts/test-wayland-desktop");
        }
        Capabilities capabilities =
                new LinuxFacts(new X11Probe(), new AtspiBusProbe()).capabilities(environment, List.of());

        Map<String, Boolean> permissions = capabilities.permissions();
        assertEquals(true, permissions.get("wayland"));
        assertEquals(true, permissions.get("wayland_socket"));
        assertEquals(true, permissions.get("portal_screenshot"), "gnome-shell serves GNOME's Screenshot");
        assertEquals(true, permissions.get("portal_screencast"));
        assertEquals(true, permissions.get("portal_remote_desktop"));
        // gnome-shell runs with --no-x11: there is no X server, native or Xwayland
        assertEquals(false, permissions.get("x11_display"));
        assertEquals(false, permissions.get("x11_xwayland"));
        assertEquals("", capabilities.displayGeometryHash());
    }
}

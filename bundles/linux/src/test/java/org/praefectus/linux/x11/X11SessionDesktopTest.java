package org.praefectus.linux.x11;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The X server checks against the real Xvfb of scripts/test-desktop. */
class X11SessionDesktopTest {

    static Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (environment.get("DISPLAY") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
        return environment;
    }

    @Test
    void theTestDesktopsXvfbIsANativeServerIdentifiedByItsSocketPeer() throws Exception {
        try (X11Session session = X11Session.open(environment())) {
            assertEquals("Xvfb", session.server().executable().getFileName().toString());
            assertTrue(session.server().processGeneration().matches("[0-9a-f]{64}"));
            assertTrue(session.has("XTEST"));
            DisplayTopology topology = session.topology();
            assertEquals(1920, topology.width());
            assertEquals(1080, topology.height());
            assertEquals(1, topology.displays().size());
            assertEquals(topology.hash(), session.topology().hash());
        }
    }

    @Test
    void aWaylandSessionRefusesX11EvenWithADisplay() {
        Map<String, String> wayland = environment();
        wayland.put("XDG_SESSION_TYPE", "wayland");
        X11Refusal refused = assertThrows(X11Refusal.class, () -> X11Session.open(wayland));
        assertTrue(refused.getMessage().contains("Wayland"));

        Map<String, String> waylandDisplay = environment();
        waylandDisplay.remove("XDG_SESSION_TYPE");
        waylandDisplay.put("WAYLAND_DISPLAY", "wayland-0");
        assertThrows(X11Refusal.class, () -> X11Session.open(waylandDisplay));
    }

    @Test
    void noDisplayOrAnUnreachableOneIsRefused() {
        assertThrows(X11Refusal.class, () -> X11Session.open(Map.of()));
        assertThrows(X11Refusal.class, () -> X11Session.open(Map.of("DISPLAY", ":4242")));
    }

    @Test
    void onlyXorgAndXvfbAreNativeServers() {
        assertTrue(X11Server.NATIVE_SERVERS.contains("Xorg"));
        assertTrue(X11Server.NATIVE_SERVERS.contains("Xvfb"));
        assertTrue(!X11Server.NATIVE_SERVERS.contains("Xwayland")
                && !X11Server.NATIVE_SERVERS.contains("Xephyr")
                && !X11Server.NATIVE_SERVERS.contains("Xorg.bin"));
    }

    @Test
    void sessionTypeFollowsTheEnvironmentInTheReferenceOrder() {
        assertEquals(SessionType.WAYLAND, SessionType.of(Map.of("XDG_SESSION_TYPE", "Wayland", "DISPLAY", ":0")));
        assertEquals(SessionType.X11, SessionType.of(Map.of("XDG_SESSION_TYPE", "x11", "WAYLAND_DISPLAY", "w")));
        assertEquals(SessionType.WAYLAND, SessionType.of(Map.of("WAYLAND_DISPLAY", "wayland-0", "DISPLAY", ":0")));
        assertEquals(SessionType.X11, SessionType.of(Map.of("DISPLAY", ":0")));
        assertEquals(SessionType.UNKNOWN, SessionType.of(Map.of()));
    }
}

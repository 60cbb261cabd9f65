package org.praefectus.linux.wayland;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.linux.x11.SessionType;

class WaylandSessionTest {

    @TempDir
    Path runtime;

    private final WaylandProbe probe = new WaylandProbe();

    @Test
    void aListeningSocketUnderTheRuntimeDirIsANativeWaylandSession() throws Exception {
        try (ServerSocketChannel compositor = listen(runtime.resolve("wayland-7"))) {
            WaylandSession session = probe.probe(Map.of(
                    "XDG_SESSION_TYPE",
                    "wayland",
                    "WAYLAND_DISPLAY",
                    "wayland-7",
                    "XDG_RUNTIME_DIR",
                    runtime.toString()));

            assertEquals(SessionType.WAYLAND, session.type());
            assertTrue(session.socketListening());
            assertTrue(session.nativeWayland());
            // no session bus: no portal answers and the compositor is not guessed from the variables
            assertEquals(WaylandSession.UNKNOWN_COMPOSITOR, session.compositor());
            assertEquals(
                    Map.of(
                            "wayland_socket", true,
                            "portal_screenshot", false,
                            "portal_screencast", false,
                            "portal_remote_desktop", false),
                    session.permissions());
        }
    }

    @Test
    void anAbsoluteWaylandDisplayIsUsedAsItIs() throws Exception {
        Path socket = runtime.resolve("elsewhere.sock");
        try (ServerSocketChannel compositor = listen(socket)) {
            assertTrue(probe.probe(Map.of("WAYLAND_DISPLAY", socket.toString())).nativeWayland());
        }
    }

    @Test
    void aStaleWaylandDisplayIsNotASession() throws Exception {
        Files.createFile(runtime.resolve("wayland-0")); // a plain file, not a socket
        Map<String, String> stale = Map.of(
                "XDG_SESSION_TYPE", "wayland", "WAYLAND_DISPLAY", "wayland-0", "XDG_RUNTIME_DIR", runtime.toString());
        assertFalse(probe.probe(stale).nativeWayland());
        Map<String, String> missing = Map.of(
                "XDG_SESSION_TYPE", "wayland", "WAYLAND_DISPLAY", "wayland-9", "XDG_RUNTIME_DIR", runtime.toString());
        assertFalse(probe.probe(missing).nativeWayland());
        assertEquals(false, probe.probe(missing).permissions().get("wayland_socket"));
    }

    @Test
    void aRelativeNameWithoutARuntimeDirCannotBeFound() {
        assertFalse(probe.probe(Map.of("XDG_SESSION_TYPE", "wayland", "WAYLAND_DISPLAY", "wayland-0"))
                .socketListening());
    }

    @Test
    void anX11SessionWithAWaylandSocketAroundIsNotWayland() throws Exception {
        // XDG_SESSION_TYPE=x11 wins over a WAYLAND_DISPLAY a nested compositor left in the environment
        try (ServerSocketChannel compositor = listen(runtime.resolve("wayland-1"))) {
            WaylandSession session = probe.probe(Map.of(
                    "XDG_SESSION_TYPE", "x11",
                    "DISPLAY", ":0",
                    "WAYLAND_DISPLAY", "wayland-1",
                    "XDG_RUNTIME_DIR", runtime.toString()));
            assertEquals(SessionType.X11, session.type());
            assertFalse(session.nativeWayland());
            assertFalse(session.permissions().get("wayland_socket"));
        }
    }

    @Test
    void displayAndWaylandDisplayTogetherMeanXwaylandNotANativeXServer() {
        // a Wayland session exports DISPLAY for Xwayland: the session is Wayland, whatever DISPLAY says
        assertEquals(SessionType.WAYLAND, SessionType.of(Map.of("DISPLAY", ":0", "WAYLAND_DISPLAY", "wayland-0")));
    }

    @Test
    void portalsCountOnlyInANativeWaylandSession() {
        Map<PortalInterface, Integer> all = Map.of(
                PortalInterface.SCREENSHOT, 2, PortalInterface.SCREEN_CAST, 4, PortalInterface.REMOTE_DESKTOP, 1);
        assertEquals(
                Map.of(
                        "wayland_socket", false,
                        "portal_screenshot", false,
                        "portal_screencast", false,
                        "portal_remote_desktop", false),
                new WaylandSession(SessionType.X11, false, "unknown", all).permissions());
        assertEquals(
                Map.of(
                        "wayland_socket", true,
                        "portal_screenshot", true,
                        "portal_screencast", false,
                        "portal_remote_desktop", true),
                new WaylandSession(
                                SessionType.WAYLAND,
                                true,
                                "mutter",
                                Map.of(PortalInterface.SCREENSHOT, 2, PortalInterface.REMOTE_DESKTOP, 1))
                        .permissions());
    }

    private static ServerSocketChannel listen(Path path) throws Exception {
        ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        channel.bind(UnixDomainSocketAddress.of(path));
        return channel;
    }
}

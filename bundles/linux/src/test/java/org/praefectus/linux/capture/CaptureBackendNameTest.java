package org.praefectus.linux.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, defect 8: {@code capture} named the backend {@code x11-mit-shm} whatever served the frame, so every Wayland
 * capture reply was false. The capture service names the backend that serves it, as {@code capture-backends} does.
 */
class CaptureBackendNameTest {

    @TempDir
    Path runtime;

    @Test
    void anX11SessionIsServedByTheXServersSharedMemory() {
        assertEquals("x11-shm", new LinuxScreenCapture(Map.of("DISPLAY", ":99"), false).backendName());
    }

    @Test
    void aNativeWaylandSessionIsServedByThePortalOrItsScreenCast() throws Exception {
        // a listening compositor socket, as a Wayland session has one
        try (ServerSocketChannel compositor = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            compositor.bind(UnixDomainSocketAddress.of(runtime.resolve("wayland-7")));
            Map<String, String> wayland = Map.of(
                    "XDG_SESSION_TYPE",
                    "wayland",
                    "WAYLAND_DISPLAY",
                    "wayland-7",
                    "XDG_RUNTIME_DIR",
                    runtime.toString());
            assertEquals("xdg-desktop-portal", new LinuxScreenCapture(wayland, false).backendName());
            assertEquals("pipewire-screencast", new LinuxScreenCapture(wayland, true).backendName());
        }
    }
}

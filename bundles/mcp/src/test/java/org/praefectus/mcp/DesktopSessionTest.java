package org.praefectus.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a server started with a minimal environment finds its desktop, over a root folder of this test's own (its
 * {@code /proc} empty, its {@code /tmp/.X11-unix} holding one X socket). Found by the Wayland MCP e2e: a server in a
 * Wayland session adopted the X display of another desktop running on the machine and reported an X11 session.
 */
class DesktopSessionTest {

    @TempDir
    Path root;

    private DesktopSession discover(Map<String, String> environment) throws Exception {
        Files.createDirectories(root.resolve("proc"));
        Files.createDirectories(root.resolve("tmp/.X11-unix"));
        if (!Files.exists(root.resolve("tmp/.X11-unix/X5"))) {
            Files.createFile(root.resolve("tmp/.X11-unix/X5"));
        }
        return DesktopSession.discover(environment, ProcessHandle.current(), root);
    }

    @Test
    void withoutAnySessionTheOnlyXSocketIsTheDisplay() throws Exception {
        DesktopSession session = discover(Map.of());
        assertEquals(Optional.of(":5"), session.display());
        assertEquals("x11_socket", session.displaySource());
        assertTrue(session.discoveredElsewhere());
    }

    @Test
    void aWaylandSessionNeverAdoptsAnotherXDisplay() throws Exception {
        for (Map<String, String> wayland :
                java.util.List.of(Map.of("XDG_SESSION_TYPE", "wayland"), Map.of("WAYLAND_DISPLAY", "wayland-0"))) {
            DesktopSession session = discover(wayland);
            assertEquals(Optional.empty(), session.display(), wayland::toString);
            assertEquals(DesktopSession.NOT_FOUND, session.displaySource());
        }
    }

    @Test
    void aDisplayInTheServersOwnEnvironmentIsKept() throws Exception {
        DesktopSession session = discover(Map.of("WAYLAND_DISPLAY", "wayland-0", "DISPLAY", ":0"));
        assertEquals(Optional.of(":0"), session.display());
        assertEquals("environment", session.displaySource());
    }
}

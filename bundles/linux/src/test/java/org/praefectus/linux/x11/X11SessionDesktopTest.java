package org.praefectus.linux.x11;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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

    /**
     * A desktop host in a network namespace of its own (the remote-desktop tests, run inside a chroot) sees the
     * test desktop's Xvfb through {@code /proc}, but the path the kernel names for its executable is not the file
     * in its own mount namespace. Here a child JVM in a private mount namespace has that path covered by
     * {@code /dev/null}: the server is still identified, by the image it runs, not by whatever the path now holds.
     */
    @Test
    void theServerIsJudgedByTheImageItRunsNotByWhatItsPathNowHolds() throws Exception {
        String xvfb;
        try (X11Session session = X11Session.open(environment())) {
            xvfb = session.server().executable().toString();
        }
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process probe = new ProcessBuilder(
                        "unshare",
                        "--mount",
                        "--propagation",
                        "private",
                        "sh",
                        "-c",
                        "mount --bind /dev/null \"$1\" && shift && exec \"$@\"",
                        "sh",
                        xvfb,
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        CoveredServerPath.class.getName(),
                        xvfb)
                .redirectErrorStream(true)
                .start();
        String said = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(probe.waitFor(60, TimeUnit.SECONDS));
        // unshare and mount need root, as the fleet's network namespaces do: the test fails, never skips
        assertEquals("covered: true, identified: Xvfb", said);
        assertEquals(0, probe.exitValue());
    }

    /**
     * The child of the test above: whether the path it is given (the server's, as the parent saw it) is covered, and
     * which server it identified. The path the kernel names for the server here may differ (in a chroot, it is named
     * from the namespace's root): the given one is what the parent covered.
     */
    static final class CoveredServerPath {
        public static void main(String[] arguments) {
            boolean covered = !Files.isRegularFile(Path.of(arguments[0]));
            try (X11Session session = X11Session.open(System.getenv())) {
                System.out.println("covered: " + covered + ", identified: "
                        + session.server().executable().getFileName());
            } catch (X11Refusal refused) {
                System.out.println("covered: " + covered + ", refused: " + refused.getMessage());
            }
        }
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

package org.praefectus.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.linux.x11.SessionType;

class LinuxFactsTest {

    private final LinuxFacts facts = new LinuxFacts(new X11Probe(), new AtspiBusProbe());

    @Test
    void reportsTheRealXvfbAndAccessibilityBus() {
        Capabilities capabilities = facts.capabilities(TestDesktop.environment(), List.of());

        assertEquals("linux", capabilities.platform());
        assertEquals("atspi2", capabilities.backend());
        assertEquals(SessionIsolation.SHARED_DESKTOP, capabilities.sessionIsolation());
        assertEquals(
                Map.of(
                        "x11_display",
                        true,
                        "x11_xtest",
                        true,
                        "x11_randr",
                        true,
                        "x11_xwayland",
                        false,
                        "atspi_bus",
                        true,
                        "global_input",
                        false,
                        "wayland",
                        false),
                withoutWaylandSession(capabilities.permissions()));
        // scripts/test-desktop starts one 1920x1080 screen
        assertEquals(
                LinuxFacts.geometryHash(new X11Display(":0", List.of(), List.of(new X11Display.Screen(1920, 1080)))),
                capabilities.displayGeometryHash());
        assertTrue(capabilities.actionCapabilities().isEmpty(), "without an executor no action is advertised");
    }

    @Test
    void reportsNothingReachableWithoutADisplayOrBus() {
        assertFalse(Files.exists(Path.of("/tmp/.X11-unix/X4242")), "display :4242 must not exist for this test");

        Capabilities capabilities = facts.capabilities(
                new LinuxEnvironment(":4242", "unix:path=/nonexistent/praefectus-bus", false, SessionType.X11),
                List.of());

        assertEquals(
                Map.of(
                        "x11_display",
                        false,
                        "x11_xtest",
                        false,
                        "x11_randr",
                        false,
                        "x11_xwayland",
                        false,
                        "atspi_bus",
                        false,
                        "global_input",
                        false,
                        "wayland",
                        false),
                withoutWaylandSession(capabilities.permissions()));
        assertEquals("", capabilities.displayGeometryHash());
    }

    @Test
    void anUnsetDisplayIsNotProbed() {
        Capabilities capabilities =
                facts.capabilities(new LinuxEnvironment(null, null, false, SessionType.UNKNOWN), List.of());

        assertFalse(capabilities.permissions().get("x11_display"));
        assertFalse(capabilities.permissions().get("atspi_bus"));
    }

    @Test
    void globalInputFollowsTheHostOptIn() {
        assertTrue(LinuxEnvironment.of(Map.of("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"))
                .allowGlobalInput());
        assertFalse(LinuxEnvironment.of(Map.of("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "true"))
                .allowGlobalInput());
        assertFalse(LinuxEnvironment.of(Map.of()).allowGlobalInput());

        Capabilities capabilities =
                facts.capabilities(new LinuxEnvironment(null, null, true, SessionType.UNKNOWN), List.of());
        assertTrue(capabilities.permissions().get("global_input"));
    }

    @Test
    void differentScreenSizesHashDifferently() {
        var small = new X11Display(":0", List.of(), List.of(new X11Display.Screen(800, 600)));
        var large = new X11Display(":0", List.of(), List.of(new X11Display.Screen(1920, 1080)));
        assertFalse(LinuxFacts.geometryHash(small).equals(LinuxFacts.geometryHash(large)));
        assertEquals(64, LinuxFacts.geometryHash(small).length());
    }

    /** On X11 or without a display the Wayland session contributes its flags, all false; the rest is returned. */
    static Map<String, Boolean> withoutWaylandSession(Map<String, Boolean> permissions) {
        Map<String, Boolean> rest = new java.util.TreeMap<>(permissions);
        for (String flag :
                List.of("wayland_socket", "portal_screenshot", "portal_screencast", "portal_remote_desktop")) {
            assertEquals(false, rest.remove(flag), flag);
        }
        return rest;
    }
}

package org.praefectus.linux.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.praefectus.linux.capture.LinuxScreenCapture;
import org.praefectus.linux.capture.TestCaptureConfig;
import org.praefectus.linux.executor.WaylandSessionDesktop;
import org.praefectus.linux.wayland.PortalInterface;

/**
 * {@code doctor} on the Wayland test desktop (scripts/test-wayland-desktop): the session type, the compositor
 * and each portal interface with the version the frontend reports, checked against {@code gdbus}, a D-Bus
 * client independent of this runtime; capture passes through the portal. Fails, never skips, anywhere else.
 */
class DoctorWaylandCheck {

    private static final Pattern VERSION = Pattern.compile("uint32 (\\d+)");

    private static HealthCheck named(List<HealthCheck> checks, String name) {
        return checks.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    /** The interface's {@code version} property as gdbus reads it from the portal frontend. */
    private static int gdbusVersion(PortalInterface portal) throws IOException, InterruptedException {
        Process gdbus = new ProcessBuilder(
                        "gdbus",
                        "call",
                        "--session",
                        "--dest",
                        PortalInterface.BUS_NAME,
                        "--object-path",
                        PortalInterface.OBJECT_PATH,
                        "--method",
                        "org.freedesktop.DBus.Properties.Get",
                        portal.dbusName(),
                        "version")
                .redirectErrorStream(true)
                .start();
        String out = new String(gdbus.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(gdbus.waitFor(20, TimeUnit.SECONDS) && gdbus.exitValue() == 0, out);
        Matcher version = VERSION.matcher(out);
        assertTrue(version.find(), out);
        return Integer.parseInt(version.group(1));
    }

    @Test
    void reportsTheWaylandSessionItsCompositorAndEveryPortalWithTheVersionGdbusReads() throws Exception {
        Map<String, String> environment = WaylandSessionDesktop.environment(false);
        LinuxScreenCapture capture = TestCaptureConfig.screenCapture();
        try {
            List<HealthCheck> checks = new DesktopHealth(
                            environment, Optional.of(capture), Optional.empty(), () -> false, Optional.empty())
                    .check(EnumSet.of(HealthCategory.DISPLAY, HealthCategory.X11, HealthCategory.CAPTURE));
            assertEquals("ok", named(checks, "session_type").status());
            assertEquals(
                    "a native Wayland session (compositor gnome-shell)",
                    named(checks, "session_type").detail());
            assertEquals("ok", named(checks, "display").status());
            for (PortalInterface portal : PortalInterface.values()) {
                HealthCheck check = named(checks, portal.permission());
                assertEquals("ok", check.status(), check.toString());
                assertTrue(
                        check.detail().startsWith(portal.dbusName() + " version " + gdbusVersion(portal) + " answers"),
                        check.detail());
            }
            assertEquals(true, named(checks, "portal_screenshot").required(), "capture and fences need it");
            assertEquals("warn", named(checks, "x11_server").status(), "X11 is not needed on Wayland");
            assertEquals(
                    "ok",
                    named(checks, "capture").status(),
                    named(checks, "capture").detail());
            assertEquals(
                    List.of(),
                    checks.stream().filter(c -> c.status().equals("fail")).toList(),
                    "no required check fails on the Wayland desktop");
        } finally {
            TestCaptureConfig.close(capture);
        }
    }
}

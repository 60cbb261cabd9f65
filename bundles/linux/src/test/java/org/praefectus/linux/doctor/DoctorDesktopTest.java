package org.praefectus.linux.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.praefectus.linux.capture.LinuxScreenCapture;
import org.praefectus.linux.capture.TestCaptureConfig;

/** The doctor on the real test desktop: display, X11, both buses, input opt-in and capture all pass. */
class DoctorDesktopTest {

    @Test
    void theTestDesktopPassesItsRequiredChecks() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (environment.get("DISPLAY") == null || environment.get("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
        environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1");
        LinuxScreenCapture capture = TestCaptureConfig.screenCapture();
        List<HealthCheck> checks;
        try {
            checks = new DesktopHealth(
                            environment, Optional.of(capture), Optional.empty(), () -> true, Optional.empty())
                    .check(EnumSet.of(
                            HealthCategory.DISPLAY,
                            HealthCategory.X11,
                            HealthCategory.SESSION,
                            HealthCategory.ACCESSIBILITY,
                            HealthCategory.INPUT,
                            HealthCategory.CAPTURE));
        } finally {
            TestCaptureConfig.close(capture);
        }
        for (HealthCheck check : checks) {
            assertEquals("ok", check.status(), check.name() + ": " + check.detail());
        }
        assertEquals(
                List.of(
                        "session_type",
                        "display",
                        "x11_server",
                        "x11_xtest",
                        "x11_randr",
                        "session_bus",
                        "accessibility_bus",
                        "global_input",
                        "resident_runtime",
                        "capture"),
                checks.stream().map(HealthCheck::name).toList());
        assertEquals("ok", new HealthReport(checks).status());
    }
}

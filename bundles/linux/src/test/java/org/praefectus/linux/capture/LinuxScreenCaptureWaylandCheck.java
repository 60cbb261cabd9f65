package org.praefectus.linux.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;

/**
 * The vision capture service on the Wayland test desktop (scripts/test-wayland-desktop): screen and regions
 * through the Screenshot portal, window regions refused. Fails, never skips, anywhere else.
 */
class LinuxScreenCaptureWaylandCheck {

    @Test
    void capturesTheStageAndItsRegionsThroughThePortalAndRefusesWindowRegions() {
        Map<String, String> environment = System.getenv();
        if (!"wayland".equals(environment.get("XDG_SESSION_TYPE")) || environment.get("WAYLAND_DISPLAY") == null) {
            fail("this test needs the Wayland test desktop: run it through scripts/test-wayland-desktop");
        }
        LinuxScreenCapture capture = new LinuxScreenCapture(environment, false);
        try {
            assertEquals(new Region(0, 0, 1280, 800), capture.screenBounds());
            Frame screen = capture.capture(null);
            assertEquals(1280, screen.width());
            assertEquals(800, screen.height());
            Frame region = capture.capture(new Region(10, 20, 100, 50));
            assertEquals(100, region.width());
            assertEquals(50, region.height());
            VisionException window = assertThrows(VisionException.class, () -> capture.windowRegion(1));
            assertEquals(VisionException.INVALID_REGION, window.code());
        } finally {
            capture.close();
        }
    }
}

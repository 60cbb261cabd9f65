package org.praefectus.linux.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.Region;

/** capture-backends on the real Xvfb: the probes capture for real, and fail when the display is not there. */
class CaptureBackendsDesktopTest {

    private static Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (environment.get("DISPLAY") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
        return environment;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> data, String key) {
        return (List<Map<String, Object>>) data.get(key);
    }

    @Test
    void everyProbeCapturesTheRealScreen() {
        LinuxScreenCapture capture = TestCaptureConfig.screenCapture();
        try {
            CaptureBackends.Answer answer = new CaptureBackends(environment(), Optional.of(capture), false)
                    .inspect(new CaptureBackends.Request("png", true, CaptureBackends.PROBES, null));
            assertFalse(answer.probeFailed());
            Map<String, Object> data = answer.data();
            assertEquals("x11-shm", data.get("selected_backend"));
            List<Map<String, Object>> backends = list(data, "image_backends");
            assertEquals(true, backends.get(0).get("available"));
            assertEquals(false, backends.get(1).get("available")); // the portal, with its reason
            assertEquals("not a Wayland session", backends.get(1).get("reason"));
            assertEquals("pipewire-screencast", backends.get(2).get("name"));
            assertEquals("not a Wayland session", backends.get(2).get("reason"));
            List<Map<String, Object>> probes = list(data, "probes");
            assertEquals(
                    List.of("file", "frame", "region"),
                    probes.stream().map(p -> p.get("probe")).toList());
            probes.forEach(probe -> assertEquals(true, probe.get("ok"), probe.toString()));
            assertTrue((Long) probes.get(0).get("bytes") > 8);
            assertEquals(1920, probes.get(1).get("width"));
            assertEquals(1080, probes.get(1).get("height"));
            assertEquals(64, probes.get(2).get("width"));
        } finally {
            capture.close();
        }
    }

    @Test
    void probesFailWithoutADisplayAndOutsideTheScreen() {
        LinuxScreenCapture capture = TestCaptureConfig.screenCapture();
        try {
            Map<String, String> noDisplay = environment();
            noDisplay.remove("DISPLAY");
            CaptureBackends.Answer none = new CaptureBackends(noDisplay, Optional.of(capture), false)
                    .inspect(new CaptureBackends.Request("png", false, List.of("frame"), null));
            assertTrue(none.probeFailed());
            assertEquals(List.of(), none.data().get("image_backends")); // unavailable ones only with --diagnose
            assertEquals(
                    "no X display is available",
                    list(none.data(), "probes").get(0).get("detail"));

            CaptureBackends.Answer outside = new CaptureBackends(environment(), Optional.of(capture), false)
                    .inspect(new CaptureBackends.Request(
                            "png", false, List.of("region"), new Region(1900, 1000, 100, 100)));
            assertTrue(outside.probeFailed());
            assertEquals(
                    "invalid_region: the capture failed",
                    list(outside.data(), "probes").get(0).get("detail"));

            CaptureBackends.Answer xwd = new CaptureBackends(environment(), Optional.of(capture), false)
                    .inspect(new CaptureBackends.Request("xwd", true, List.of("file"), null));
            assertTrue(xwd.probeFailed());
            assertEquals(null, xwd.data().get("selected_backend"));
        } finally {
            capture.close();
        }
    }
}

package org.praefectus.linux.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.praefectus.linux.executor.WaylandSessionDesktop;
import org.praefectus.linux.executor.WaylandSessionDesktop.Person;

/**
 * {@code capture-backends} on the Wayland test desktop (scripts/test-wayland-desktop): which route is selected
 * and why the others are not, and probes that capture for real through the selected one. Fails, never skips,
 * anywhere else.
 */
class CaptureBackendsWaylandCheck {

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> data, String key) {
        return (List<Map<String, Object>>) data.get(key);
    }

    private static Map<String, Object> backend(Map<String, Object> data, String name) {
        return list(data, "image_backends").stream()
                .filter(b -> name.equals(b.get("name")))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void theScreenshotPortalIsSelectedAndEveryProbeCapturesThroughIt() {
        Map<String, String> environment = WaylandSessionDesktop.environment(false);
        LinuxScreenCapture capture = new LinuxScreenCapture(environment, false);
        try {
            CaptureBackends.Answer answer = new CaptureBackends(environment, Optional.of(capture), false)
                    .inspect(new CaptureBackends.Request("png", true, CaptureBackends.PROBES, null));
            Map<String, Object> data = answer.data();
            assertFalse(answer.probeFailed(), data::toString);
            assertEquals("wayland", data.get("session_type"));
            assertEquals("xdg-desktop-portal", data.get("selected_backend"));
            assertEquals(true, data.get("pipewire_session_available"));
            assertEquals(
                    "the session is Wayland: X11 capture is refused",
                    backend(data, "x11-shm").get("reason"));
            Map<String, Object> cast = backend(data, "pipewire-screencast");
            assertEquals(true, cast.get("available"));
            assertEquals(false, cast.get("selected"));
            assertTrue(String.valueOf(cast.get("reason")).startsWith("wayland_capture is screenshot"));
            List<Map<String, Object>> probes = list(data, "probes");
            probes.forEach(probe -> {
                assertEquals(true, probe.get("ok"), probe.toString());
                assertEquals("xdg-desktop-portal", probe.get("backend"));
            });
            assertEquals(1280, probes.get(1).get("width"));
            assertEquals(800, probes.get(1).get("height"));
            assertEquals(64, probes.get(2).get("width"));
        } finally {
            capture.close();
        }
    }

    @Test
    void theScreenCastRouteProbesThroughASharedStream() throws Exception {
        Map<String, String> environment = WaylandSessionDesktop.environment(false);
        LinuxScreenCapture capture = new LinuxScreenCapture(environment, true);
        try (Person person = Person.answering("cast")) {
            CaptureBackends.Answer answer = new CaptureBackends(environment, Optional.of(capture), true)
                    .inspect(new CaptureBackends.Request("png", false, List.of("frame", "region"), null));
            assertFalse(answer.probeFailed(), answer.data()::toString);
            assertEquals("pipewire-screencast", answer.data().get("selected_backend"));
            list(answer.data(), "probes").forEach(probe -> assertEquals("pipewire-screencast", probe.get("backend")));
            assertEquals(1280, list(answer.data(), "probes").get(0).get("width"));
            assertTrue(person.answered(), "the frame probe asked the person to share the screen");
        } finally {
            capture.close();
        }
    }

    @Test
    void withoutTheHelperTheScreenCastRouteIsUnavailableAndItsProbeFailsWithTheReason() {
        Map<String, String> environment = new HashMap<>(WaylandSessionDesktop.environment(false));
        environment.put("PATH", "/nonexistent");
        CaptureBackends.Answer answer = new CaptureBackends(environment, Optional.empty(), true)
                .inspect(new CaptureBackends.Request("png", true, List.of("frame"), null));
        assertTrue(answer.probeFailed());
        assertEquals(null, answer.data().get("selected_backend"));
        String reason = "gst-launch-1.0 is not on PATH (Debian: gstreamer1.0-tools, gstreamer1.0-pipewire)";
        assertEquals(reason, backend(answer.data(), "pipewire-screencast").get("reason"));
        assertEquals(reason, list(answer.data(), "probes").get(0).get("detail"));
    }
}

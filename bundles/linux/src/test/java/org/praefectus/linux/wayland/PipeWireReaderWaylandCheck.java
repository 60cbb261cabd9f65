package org.praefectus.linux.wayland;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.linux.executor.WaylandSessionDesktop.Person;

/**
 * What {@link PipeWireFrames} relies on to replace a helper that got no first frame, on the Wayland test desktop
 * (scripts/test-wayland-desktop): the compositor paints for a reader that starts on a shared stream even when
 * nothing on the screen changed since the last reader's frame. Fails, never skips, anywhere else.
 */
class PipeWireReaderWaylandCheck {

    @Test
    void aNewReaderOfAStaticScreensStreamGetsAFrameOfTheSameScreen() throws Exception {
        Map<String, String> environment = System.getenv();
        if (!"wayland".equals(environment.get("XDG_SESSION_TYPE")) || environment.get("WAYLAND_DISPLAY") == null) {
            fail("this test needs the Wayland test desktop: run it through scripts/test-wayland-desktop");
        }
        try (PortalRequests requests = PortalRequests.connect(environment.get("DBUS_SESSION_BUS_ADDRESS"))) {
            ScreenCastSession cast;
            try (Person person = Person.answering("cast")) {
                cast = ScreenCastSession.start(requests, System.currentTimeMillis() + 60_000);
                assertTrue(person.answered(), "the person found the Screen Share question and shared");
            }
            try {
                RemoteDesktopSession.Stream stream = cast.streams().get(0);
                ScreenImage first;
                try (PipeWireFrames reader = PipeWireFrames.open(stream, environment)) {
                    first = reader.newest(System.currentTimeMillis() + 30_000);
                }
                try (PipeWireFrames next = PipeWireFrames.open(stream, environment)) {
                    ScreenImage again = next.newest(System.currentTimeMillis() + 30_000);
                    assertEquals(first.width(), again.width());
                    assertEquals(first.height(), again.height());
                    // the same screen (the top bar's clock may tick between the two)
                    assertTrue(differing(first, again) < 0.01, "the new reader's frame shows the same screen");
                    assertTrue(next.frames() >= 1);
                }
            } finally {
                cast.close();
            }
        }
    }

    private static double differing(ScreenImage a, ScreenImage b) {
        int differ = 0;
        for (int i = 0; i < a.pixels().length; i++) {
            if (a.pixels()[i] != b.pixels()[i]) {
                differ++;
            }
        }
        return (double) differ / a.pixels().length;
    }
}

package org.praefectus.linux.capture;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;
import org.praefectus.linux.executor.WaylandSessionDesktop;
import org.praefectus.linux.executor.WaylandSessionDesktop.Person;

/**
 * The capture service's ScreenCast route on the Wayland test desktop (scripts/test-wayland-desktop): the person
 * shares the screen once through the portal's real "Screen Share" question (answered by
 * scripts/wayland-consent), and PipeWire frames serve the captures after it. The oracle is the Screenshot
 * portal, a route independent of the stream. Fails, never skips, anywhere else.
 */
class ScreenCastWaylandCheck {

    @Test
    void aShareThePersonCancelsIsRefusedAndCapturesNothing() throws Exception {
        LinuxScreenCapture cast = new LinuxScreenCapture(WaylandSessionDesktop.environment(false), true);
        try (Person person = Person.answering("cast-cancel")) {
            VisionException refused = assertThrows(VisionException.class, () -> cast.capture(null));
            assertEquals(VisionException.CAPTURE_UNAVAILABLE, refused.code());
            assertTrue(person.answered(), "the person found the Screen Share question and cancelled it");
        } finally {
            cast.close();
        }
    }

    @Test
    void aSharedScreenIsCapturedFromItsStreamAsThePortalSeesItAndFollowsTheScreen() throws Exception {
        LinuxScreenCapture cast = new LinuxScreenCapture(WaylandSessionDesktop.environment(false), true);
        LinuxScreenCapture portal = new LinuxScreenCapture(WaylandSessionDesktop.environment(false), false);
        Process fixture = null;
        try {
            Frame first;
            try (Person person = Person.answering("cast")) {
                first = cast.capture(null);
                assertTrue(person.answered(), "the person found the Screen Share question and shared");
            }
            assertEquals(1280, first.width());
            assertEquals(800, first.height());
            // the stream shows what the Screenshot portal shows (the top bar's clock may tick between the two)
            await("the stream and the portal show the same screen")
                    .atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> differingShare(cast.capture(null), portal.capture(null)) < 0.01);

            // no second question: the share lasts; a region is the same rectangle of the stage
            await("a region is its rectangle of the whole stage")
                    .atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> {
                        Frame whole = cast.capture(null);
                        Frame part = cast.capture(new Region(10, 20, 100, 50));
                        return sameRectangle(whole, part, 10, 20);
                    });

            // a fullscreen window covers the stage: later captures of the stream show it
            fixture = new ProcessBuilder("/usr/bin/python3", "src/test/fixtures/fullscreen-button.py")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            Frame before = first;
            await("the stream follows the screen")
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> differingShare(cast.capture(null), before) > 0.3);
            await("the stream and the portal agree again")
                    .atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> differingShare(cast.capture(null), portal.capture(null)) < 0.01);
        } catch (IOException e) {
            fail("cannot start the fullscreen fixture", e);
        } finally {
            if (fixture != null) {
                fixture.destroy();
                fixture.waitFor(5, TimeUnit.SECONDS);
            }
            cast.close();
            portal.close();
        }
    }

    /** The share of pixels whose colour differs between two frames of one size. */
    private static double differingShare(Frame a, Frame b) {
        assertEquals(a.width(), b.width());
        assertEquals(a.height(), b.height());
        long differing = 0;
        for (int y = 0; y < a.height(); y++) {
            for (int x = 0; x < a.width(); x++) {
                if ((a.argb(x, y) & 0xFF_FFFF) != (b.argb(x, y) & 0xFF_FFFF)) {
                    differing++;
                }
            }
        }
        return (double) differing / ((long) a.width() * a.height());
    }

    private static boolean sameRectangle(Frame whole, Frame part, int left, int top) {
        for (int y = 0; y < part.height(); y++) {
            for (int x = 0; x < part.width(); x++) {
                if (whole.argb(left + x, top + y) != part.argb(x, y)) {
                    return false;
                }
            }
        }
        return true;
    }
}

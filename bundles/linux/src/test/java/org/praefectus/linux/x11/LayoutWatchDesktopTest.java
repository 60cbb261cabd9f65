package org.praefectus.linux.x11;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The kept topology sample follows a real RandR change of the test desktop's Xvfb ({@code xrandr}, from
 * x11-xserver-utils, switches its one output to another mode and back): announced by the server, read again, equal
 * to what the server answers live.
 */
class LayoutWatchDesktopTest {

    private static final String MODE = "1280x720_praefectus";

    private static void xrandr(String... arguments) throws IOException, InterruptedException {
        String[] command = new String[arguments.length + 1];
        command[0] = "xrandr";
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    private static DisplayTopology awaitSample(X11Session session, int width) {
        return await("the kept sample is " + width + " wide")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(20))
                .until(session::topologySample, topology -> topology.width() == width);
    }

    @Test
    void aKeptSampleFollowsARandrChangeOfTheServer() throws Exception {
        try (X11Session session = X11Session.open(X11SessionDesktopTest.environment())) {
            DisplayTopology before = session.topologySample();
            assertEquals(1920, before.width());
            assertEquals(before, session.topologySample(), "no change announced: the kept sample");
            assertEquals(before, session.topology(), "the kept sample is what the server answers");
            xrandr("--newmode", MODE, "74.25", "1280", "1390", "1430", "1650", "720", "725", "730", "750");
            xrandr("--addmode", "screen", MODE);
            try {
                xrandr("--output", "screen", "--mode", MODE);

                DisplayTopology changed = awaitSample(session, 1280);
                assertEquals(720, changed.height());
                assertEquals(1280, changed.displays().get(0).width(), "the CRTC is read again too");
                assertNotEquals(before.hash(), changed.hash());
                assertEquals(changed, session.topology(), "the new sample is what the server answers");
            } finally {
                xrandr("--output", "screen", "--mode", "1920x1080");
                awaitSample(session, 1920);
                xrandr("--delmode", "screen", MODE);
                xrandr("--rmmode", MODE);
            }
            assertEquals(before, session.topologySample(), "back to the first layout");
        }
    }
}

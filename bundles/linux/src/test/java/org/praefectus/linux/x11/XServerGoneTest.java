package org.praefectus.linux.x11;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Regression (issue 42, defect 1): Xlib's default I/O error handler ended the JVM ({@code XIO: fatal IO error}, exit
 * 1, no JSON) when the X server went away while a connection was open, as the demo's private Xvfb does at its end. A
 * lost server is an error for the calls on it, never the end of the process. The loss is made in a child JVM, which
 * before the fix died of it.
 */
class XServerGoneTest {

    @Test
    void aConnectionLostInTheMiddleOfACallIsARefusalAndTheProcessGoesOn() throws Exception {
        X11SessionDesktopTest.environment();
        Process child = new ProcessBuilder(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        XServerGoneChild.class.getName()))
                .redirectErrorStream(true)
                .start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        child.waitFor(60, TimeUnit.SECONDS);
        assertEquals(
                "refused: the X server went away\nrefused again: the X server changed\nreopened: 1920\n",
                output,
                "what the child printed");
        assertEquals(0, child.exitValue(), output);
    }
}

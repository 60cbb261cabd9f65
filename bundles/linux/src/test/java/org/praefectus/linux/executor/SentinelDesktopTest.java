package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;

/** The shared-desktop context hash on a real desktop: stable while nothing moves, changed when anything does. */
class SentinelDesktopTest {

    @TempDir
    Path screenshots;

    private static String hash(LinuxExecutor executor) throws Exception {
        return executor.sharedDesktopContextHash(new CancellationToken(), Desktop.deadline());
    }

    private static void xdotool(String... arguments) throws Exception {
        String[] command = new String[arguments.length + 1];
        command[0] = "xdotool";
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.waitFor(10, TimeUnit.SECONDS);
        assertEquals(0, process.exitValue());
    }

    @Test
    void pointerAndForegroundChangesChangeTheContextHash() throws Exception {
        try (GtkApp first = GtkApp.zenityEntry("Praefectus Sentinel One");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            Desktop.observeUntil(executor, first.pid(), Desktop.role("text"));
            Desktop.bringToFront(first.pid());
            xdotool("mousemove", "5", "5");
            String before = Desktop.settledContextHash(executor);
            assertEquals(before, hash(executor), "nothing changed");

            xdotool("mousemove", "6", "5");
            String moved = hash(executor);
            assertNotEquals(before, moved, "the pointer moved");

            try (GtkApp second = GtkApp.zenityEntry("Praefectus Sentinel Two")) {
                Desktop.observeUntil(executor, second.pid(), Desktop.role("text"));
                Desktop.bringToFront(second.pid());
                String now = Desktop.settledContextHash(executor);
                assertNotEquals(moved, now, "another window came to the foreground");
            }
        }
    }
}

package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.praefectus.api.protocol.SessionIsolation;

/**
 * The Wayland test desktop (scripts/test-wayland-desktop: headless gnome-shell and the portal); these tests
 * fail, never skip, without it. The person who answers the RemoteDesktop question is {@code
 * scripts/wayland-consent}, pressing the real dialog's buttons over AT-SPI.
 */
public final class WaylandSessionDesktop {

    private static final Path REPOSITORY = Path.of("../..");

    private WaylandSessionDesktop() {}

    public static Map<String, String> environment(boolean allowGlobalInput) {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (!"wayland".equals(environment.get("XDG_SESSION_TYPE"))
                || environment.get("WAYLAND_DISPLAY") == null
                || environment.get("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("this test needs the Wayland test desktop: run it through scripts/test-wayland-desktop");
        }
        environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", allowGlobalInput ? "1" : "0");
        return environment;
    }

    static LinuxExecutor executor(Path screenshots, boolean allowGlobalInput) {
        return new LinuxExecutor(
                new DesktopConnections(environment(allowGlobalInput)),
                new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, screenshots));
    }

    /** The fullscreen GTK 3 fixture: an entry and a button counting its clicks. */
    static GtkApp fullscreenFixture() {
        Path fixture = Path.of("src/test/fixtures/fullscreen-button.py");
        if (!Files.isRegularFile(fixture)) {
            fail("the fixture " + fixture + " is missing");
        }
        return GtkApp.start("/usr/bin/python3", fixture.toString());
    }

    /**
     * A person about to answer the next RemoteDesktop question ({@code allow}, {@code share-only},
     * {@code cancel}) or ScreenCast question ({@code cast}, {@code cast-cancel}).
     */
    public static final class Person implements AutoCloseable {
        private final Process process;

        private Person(Process process) {
            this.process = process;
        }

        public static Person answering(String answer) {
            Path script = REPOSITORY.resolve("scripts/wayland-consent");
            try {
                return new Person(new ProcessBuilder("/usr/bin/python3", script.toString(), answer)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start());
            } catch (IOException e) {
                return fail("cannot start " + script, e);
            }
        }

        /** Whether the person found the question and answered it. */
        public boolean answered() throws InterruptedException {
            return process.waitFor(40, TimeUnit.SECONDS) && process.exitValue() == 0;
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }
}

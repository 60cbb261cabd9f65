package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A real GTK application started for one test and stopped (and reaped) afterwards. */
final class GtkApp implements AutoCloseable {

    private final Process process;
    private final Path output;

    private GtkApp(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    static GtkApp start(String... command) {
        try {
            Path output = Files.createTempFile("praefectus-app", ".out");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .redirectOutput(output.toFile());
            return new GtkApp(builder.start(), output);
        } catch (IOException e) {
            return fail("cannot start " + command[0] + ": install it (see .ci/run)", e);
        }
    }

    /**
     * Starts the command so that it gets exactly {@code pid}: writes {@code pid - 1} to the kernel's
     * {@code ns_last_pid} (we run as root) and starts it; other processes on the machine may take the PID
     * first, so this retries a bounded number of times and fails the test when it cannot arrange the reuse.
     */
    static GtkApp startWithPid(long pid, String... command) throws Exception {
        Path lastPid = Path.of("/proc/sys/kernel/ns_last_pid");
        for (int attempt = 0; attempt < 50; attempt++) {
            Files.writeString(lastPid, Long.toString(pid - 1));
            GtkApp app = start(command);
            if (app.pid() == pid) {
                return app;
            }
            app.close();
        }
        return fail("could not start " + command[0] + " with the reused PID " + pid);
    }

    /** {@code zenity --info}: a message and an OK button. */
    static GtkApp zenityInfo(String title) {
        return start("zenity", "--info", "--title", title, "--text", "Praefectus test");
    }

    /** What the application wrote to stdout so far. */
    String output() throws IOException {
        return Files.readString(output);
    }

    /** {@code zenity --entry} with the given title. */
    static GtkApp zenityEntry(String title) {
        return start("zenity", "--entry", "--title", title, "--text", "Value");
    }

    /** {@code zenity --entry} whose entry starts with {@code text}. */
    static GtkApp zenityEntry(String title, String text) {
        return start("zenity", "--entry", "--title", title, "--text", "Value", "--entry-text", text);
    }

    /** {@code zenity --scale} from 0 to 100 at 50: one slider; OK prints its value. */
    static GtkApp zenityScale(String title) {
        return start("zenity", "--scale", "--title", title, "--text", "Level", "--value", "50");
    }

    /** {@code zenity --forms} with one combo box (Apple, Banana, Cherry); OK prints the chosen item. */
    static GtkApp zenityCombo(String title) {
        return start(
                "zenity", "--forms", "--title", title, "--add-combo", "Fruit", "--combo-values", "Apple|Banana|Cherry");
    }

    static GtkApp widgetFactory() {
        return start("gtk3-widget-factory");
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Waits until the process ends by itself; returns its exit code. */
    int waitForExit(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            fail("the application did not exit");
        }
        return process.exitValue();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        try {
            Files.deleteIfExists(output);
        } catch (IOException ignored) {
            // a temp file; the OS cleans it up
        }
    }
}

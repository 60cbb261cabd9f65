package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real GTK application started for one test and stopped (and reaped) afterwards. */
final class GtkApp implements AutoCloseable {

    private final Process process;

    private GtkApp(Process process) {
        this.process = process;
    }

    static GtkApp start(String... command) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            return new GtkApp(builder.start());
        } catch (IOException e) {
            return fail("cannot start " + command[0] + ": install it (see .ci/run)", e);
        }
    }

    /** {@code zenity --entry} with the given title. */
    static GtkApp zenityEntry(String title) {
        return start("zenity", "--entry", "--title", title, "--text", "Value");
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

    /** What the application printed (zenity prints the entered value on OK). */
    static List<String> none() {
        return new ArrayList<>();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}

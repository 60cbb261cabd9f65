package org.praefectus.tests.daemon;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/** A window of the test desktop that a test opens (zenity, xmessage) and closes again: SIGTERM, at most 10 s. */
final class TestWindow implements AutoCloseable {

    final Process process;

    private TestWindow(Process process) {
        this.process = process;
    }

    /** A title no other window of the desktop has: the prefix and eight random hex digits. */
    static String uniqueTitle(String prefix) {
        return prefix + " " + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Starts the window's program with its arguments; what it prints is discarded. */
    static TestWindow open(String... command) throws IOException {
        return new TestWindow(new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start());
    }

    /** {@code zenity DIALOG --title TITLE --text TEXT OPTIONS…}, e.g. {@code --info} or {@code --entry}. */
    static TestWindow zenity(String dialog, String title, String text, String... options) throws IOException {
        List<String> command = new ArrayList<>(List.of("zenity", dialog, "--title", title, "--text", text));
        command.addAll(List.of(options));
        return open(command.toArray(String[]::new));
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor(10, TimeUnit.SECONDS);
    }
}

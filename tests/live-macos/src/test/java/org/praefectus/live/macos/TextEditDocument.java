package org.praefectus.live.macos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

/** A disposable TextEdit document holding {@code Draft}, opened by name and closed without saving. */
final class TextEditDocument {

    private TextEditDocument() {}

    /** Writes {@code Draft} to {@code title} in {@code directory} and opens it in TextEdit. */
    static void open(Path directory, String title) throws Exception {
        Path document = directory.resolve(title);
        Files.writeString(document, "Draft");
        run("/usr/bin/open", "-a", "TextEdit", document.toString());
    }

    /** Closes every TextEdit document named {@code title} without saving it. */
    static void close(String title) throws Exception {
        run(
                "/usr/bin/osascript",
                "-e",
                "on run argv",
                "-e",
                "tell application \"TextEdit\" to close (every document whose name is (item 1 of argv)) saving no",
                "-e",
                "end run",
                title);
    }

    private static void run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, process.waitFor(), String.join(" ", command));
    }
}

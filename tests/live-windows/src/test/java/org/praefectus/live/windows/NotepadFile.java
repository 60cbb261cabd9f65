package org.praefectus.live.windows;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A disposable file holding {@code Draft}, opened in the system's Notepad. Windows 11 Notepad may hand the file to an
 * already running instance: the suite ends the process owning the window it found, not only the one it started.
 */
final class NotepadFile {

    private NotepadFile() {}

    /** Writes {@code Draft} to {@code name} in {@code directory} and opens it in Notepad. */
    static Process open(Path directory, String name) throws Exception {
        Path file = directory.resolve(name);
        Files.writeString(file, "Draft");
        Path system = Path.of(System.getenv().getOrDefault("SystemRoot", "C:\\Windows"), "System32", "notepad.exe");
        return new ProcessBuilder(system.toString(), file.toString()).start();
    }

    /** Ends the process that owns a window showing the file. */
    static void end(long processId) throws Exception {
        new ProcessBuilder("taskkill", "/PID", Long.toString(processId)).start().waitFor();
    }
}

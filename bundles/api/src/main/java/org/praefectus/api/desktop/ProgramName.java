package org.praefectus.api.desktop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The name a window's application is listed and matched by: the file name of the program the process runs (the
 * first word of {@code /proc/PID/cmdline}), whole, because {@code /proc/PID/comm} is cut at 15 characters
 * ({@code gtk3-widget-fac}), which made {@code app: "gtk3-widget-factory"} match nothing (#36 defect 6). Falls back
 * to {@code comm} (a process that rewrote its command line to nothing), else {@code null}. Linux only; elsewhere
 * it is {@code null}.
 *
 * @since 1.1
 */
public final class ProgramName {

    private ProgramName() {}

    /** The program name of process {@code pid}, or {@code null} when it is gone or unreadable. */
    public static String of(long pid) {
        if (pid <= 0) {
            return null;
        }
        Path process = Path.of("/proc", Long.toString(pid));
        try {
            byte[] commandLine = Files.readAllBytes(process.resolve("cmdline"));
            int end = 0;
            while (end < commandLine.length && commandLine[end] != 0) {
                end++;
            }
            String program = new String(commandLine, 0, end, StandardCharsets.UTF_8);
            String name = program.substring(program.lastIndexOf('/') + 1).strip();
            if (!name.isEmpty()) {
                return name;
            }
            String comm = Files.readString(process.resolve("comm"), StandardCharsets.UTF_8)
                    .strip();
            return comm.isEmpty() ? null : comm;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}

package org.praefectus.plugins.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Linux sessions as a process-tree boundary. The runner starts each child through {@code setsid} (a
 * program, not a shell) so the child leads a new session whose id is its pid; every descendant stays in
 * that session even after its parent dies and it is re-parented, unless it starts a session of its own.
 * Finding the members is a scan of {@code /proc/<pid>/stat}.
 */
final class Sessions {

    private static final Path PROC = Path.of("/proc");
    private static final List<Path> SETSID = List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));

    private Sessions() {}

    /** The {@code setsid} program, when this is Linux with {@code /proc}. */
    static Optional<Path> setsid() {
        if (!System.getProperty("os.name", "")
                        .toLowerCase(java.util.Locale.ROOT)
                        .startsWith("linux")
                || !Files.isDirectory(PROC.resolve("self"))) {
            return Optional.empty();
        }
        return SETSID.stream().filter(Files::isExecutable).findFirst();
    }

    /** The pids of the live processes of one session. */
    static List<Long> members(long sessionId) {
        List<Long> members = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(PROC, "[0-9]*")) {
            for (Path entry : entries) {
                sessionOf(entry)
                        .filter(id -> id == sessionId)
                        .ifPresent(id ->
                                members.add(Long.parseLong(entry.getFileName().toString())));
            }
        } catch (IOException unreadable) {
            // no /proc: the sampled descendants are all there is
        }
        return members;
    }

    /** Field 6 of {@code stat}, counted after the parenthesised command name, which may contain spaces. */
    private static Optional<Long> sessionOf(Path process) {
        try {
            String stat = Files.readString(process.resolve("stat"), StandardCharsets.ISO_8859_1);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Optional.of(Long.parseLong(fields[3]));
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
    }
}

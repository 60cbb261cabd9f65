package org.praefectus.linux.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;

/**
 * A process's generation: SHA-256 of the canonical JSON {@code [boot_id, start_time]}, where the start time
 * is field 22 of {@code /proc/PID/stat} (clock ticks since boot). A PID that is reused by a new process, or
 * the same PID after a reboot, has another generation. Same form as the reference.
 */
public final class ProcessGeneration {

    // compiled once: every observation reads two generations
    private static final Pattern BOOT_ID = Pattern.compile("[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}");
    private static final Pattern BLANKS = Pattern.compile("\\s+");
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");

    private ProcessGeneration() {
    }

    /** The generation of a running process, or empty when it has gone or cannot be read. */
    public static Optional<String> of(long processId) {
        if (processId <= 0) {
            return Optional.empty();
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(processId), "stat"));
            String bootId = Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim();
            return startTime(stat).filter(start -> BOOT_ID.matcher(bootId).matches())
                    .map(start -> CanonicalJson.hash(new JsonValue.JsonArray(List.of(new JsonValue.JsonString(bootId),
                            new JsonValue.JsonString(start)))));
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
    }

    /**
     * The start time from one {@code /proc/PID/stat} line: the 20th field after the command name, which is
     * in parentheses and may itself contain spaces and parentheses.
     */
    static Optional<String> startTime(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return Optional.empty();
        }
        String[] fields = BLANKS.split(stat.substring(close + 1).trim());
        if (fields.length < 20 || !DIGITS.matcher(fields[19]).matches()) {
            return Optional.empty();
        }
        return Optional.of(fields[19]);
    }

    /** The executable of a running process ({@code /proc/PID/exe}), or empty. */
    public static Optional<Path> executable(long processId) {
        try {
            return Optional.of(Files.readSymbolicLink(Path.of("/proc", Long.toString(processId), "exe")));
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
    }
}

package org.praefectus.linux.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.canonical.HashMemo;
import org.praefectus.api.canonical.JsonValue;

/**
 * A process's generation: SHA-256 of the canonical JSON {@code [boot_id, start_time]}, where the start time
 * is field 22 of {@code /proc/PID/stat} (clock ticks since boot). A PID that is reused by a new process, or
 * the same PID after a reboot, has another generation. Same form as the reference.
 */
public final class ProcessGeneration {

    private static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");
    /** Fields of {@code /proc/PID/stat} after the command name up to the start time. */
    private static final int START_TIME_FIELD = 20;

    private ProcessGeneration() {}

    /** The generation of a running process, or empty when it has gone or cannot be read. */
    public static Optional<String> of(long processId) {
        if (processId <= 0) {
            return Optional.empty();
        }
        Optional<String> bootId = BootId.VALUE;
        if (bootId.isEmpty()) {
            return Optional.empty();
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(processId), "stat"));
            return startTime(stat).map(start -> GENERATIONS.hash(new Started(bootId.get(), start)));
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
    }

    /** The generation of this process, which cannot change while it runs. */
    public static Optional<String> ofThisProcess() {
        return Self.GENERATION;
    }

    /**
     * The start time from one {@code /proc/PID/stat} line: the 20th field after the command name, which is
     * in parentheses and may itself contain spaces and parentheses.
     */
    static Optional<String> startTime(String stat) {
        int at = stat.lastIndexOf(')') + 1;
        if (at == 0) {
            return Optional.empty();
        }
        for (int field = 1; field <= START_TIME_FIELD; field++) {
            if (at >= stat.length() || stat.charAt(at) != ' ') {
                return Optional.empty();
            }
            int start = ++at;
            while (at < stat.length() && stat.charAt(at) != ' ' && stat.charAt(at) != '\n') {
                at++;
            }
            if (at == start) {
                return Optional.empty();
            }
            if (field == START_TIME_FIELD) {
                return digits(stat, start, at) ? Optional.of(stat.substring(start, at)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static boolean digits(String text, int from, int to) {
        if (from == to || to - from > 20) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code value} has the form of a boot ID: 8-4-4-4-12 lowercase hex digits. */
    static boolean isBootId(String value) {
        if (value.length() != 36) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? c != '-' : !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    /** The boot ID, read once: a process never outlives the boot it started in. */
    private static final class BootId {
        static final Optional<String> VALUE = read();

        private static Optional<String> read() {
            try {
                return Optional.of(Files.readString(BOOT_ID).trim()).filter(ProcessGeneration::isBootId);
            } catch (IOException | RuntimeException unreadable) {
                return Optional.empty();
            }
        }
    }

    /** A process start: the boot and the start time, what a generation is the hash of. */
    private record Started(String bootId, String startTime) {}

    /**
     * Generations already hashed: the same few processes (the X server, the observed applications) are checked
     * at every observation, and only /proc must be read live.
     */
    private static final HashMemo<Started> GENERATIONS = new HashMemo<>(
            256,
            started -> new JsonValue.JsonArray(List.of(
                    new JsonValue.JsonString(started.bootId()), new JsonValue.JsonString(started.startTime()))));

    private static final class Self {
        static final Optional<String> GENERATION = of(ProcessHandle.current().pid());
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

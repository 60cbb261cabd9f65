package org.praefectus.cdp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;

/**
 * Process facts read from {@code /proc}: the generation of a process (boot ID and start time, so a reused PID or a
 * restarted browser never matches) and which processes own a listening loopback socket. Linux only; elsewhere every
 * answer is "unknown", which every caller treats as a refusal.
 */
final class LinuxProcesses {

    private static final Path PROC = Path.of("/proc");

    private LinuxProcesses() {}

    /**
     * The reference's generation: {@code linux-} + SHA-256 of the canonical JSON {@code [boot_id, start_ticks]}.
     *
     * @return empty when the process does not exist or /proc cannot tell
     */
    static Optional<String> generation(long processId) {
        if (processId <= 0) {
            return Optional.empty();
        }
        try {
            String bootId = Files.readString(PROC.resolve("sys/kernel/random/boot_id"), StandardCharsets.US_ASCII)
                    .trim();
            if (bootId.length() != 36 || !bootId.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == '-')) {
                return Optional.empty();
            }
            String stat = Files.readString(PROC.resolve(processId + "/stat"), StandardCharsets.UTF_8);
            // the command name may hold spaces and parentheses: the fields start after the last ") "
            int end = stat.lastIndexOf(") ");
            if (end < 0) {
                return Optional.empty();
            }
            String[] fields = stat.substring(end + 2).trim().split(" +");
            // after the name: state is field 3 of proc(5), starttime field 22, so index 19 here
            if (fields.length < 20 || !fields[19].chars().allMatch(c -> c >= '0' && c <= '9')) {
                return Optional.empty();
            }
            String hash = CanonicalJson.hash(new JsonValue.JsonArray(
                    List.of(new JsonValue.JsonString(bootId), new JsonValue.JsonString(fields[19]))));
            return Optional.of("linux-" + hash);
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
    }

    /**
     * Whether the process lives in this process's network namespace ({@code /proc/self/ns/net} and
     * {@code /proc/<pid>/ns/net} name the same namespace); false when either cannot be read.
     */
    static boolean sharesNetworkNamespace(long processId) {
        try {
            Path own = Files.readSymbolicLink(PROC.resolve("self/ns/net"));
            Path theirs = Files.readSymbolicLink(PROC.resolve(processId + "/ns/net"));
            return own.toString().startsWith("net:[") && own.equals(theirs);
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
    }

    /**
     * The processes holding the one listening TCP socket on {@code 127.0.0.1:port}, read through the network
     * namespace of {@code processId}; empty when there is no such socket or more than one.
     */
    static Set<Long> loopbackListenerOwners(int port, long processId) {
        Set<Long> owners = new HashSet<>();
        String inode;
        try {
            inode = listeningInode(Files.readAllLines(PROC.resolve(processId + "/net/tcp")), port);
        } catch (IOException | RuntimeException gone) {
            return owners;
        }
        if (inode == null) {
            return owners;
        }
        String socket = "socket:[" + inode + "]";
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC)) {
            for (Path process : processes) {
                String name = process.getFileName().toString();
                if (!name.chars().allMatch(c -> c >= '0' && c <= '9') || !holds(process.resolve("fd"), socket)) {
                    continue;
                }
                owners.add(Long.parseLong(name));
            }
        } catch (IOException | RuntimeException unreadable) {
            owners.clear();
        }
        return owners;
    }

    private static String listeningInode(List<String> table, int port) {
        String local = "0100007F:" + String.format(Locale.ROOT, "%04X", port);
        String found = null;
        for (String line : table.subList(1, table.size())) {
            String[] fields = line.trim().split(" +");
            // state 0A is TCP_LISTEN; field 9 is the socket inode
            if (fields.length >= 10 && fields[1].equals(local) && fields[3].equals("0A")) {
                if (found != null) {
                    return null;
                }
                found = fields[9];
            }
        }
        return found == null || found.equals("0") ? null : found;
    }

    private static boolean holds(Path descriptors, String socket) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(descriptors)) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(socket)) {
                        return true;
                    }
                } catch (IOException closed) {
                    // a descriptor closed while we read: not the socket
                }
            }
        } catch (IOException | SecurityException unreadable) {
            return false;
        }
        return false;
    }
}

package org.praefectus.linux.proc;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Which process listens on a Unix socket path, from {@code /proc}: the kernel's table of Unix sockets
 * ({@code /proc/net/unix}) gives the listening socket's inode for a path, and a process holds that socket
 * when one of its descriptors ({@code /proc/PID/fd}) links to {@code socket:[INODE]}. Neither the socket's
 * owner nor a client is asked.
 */
public final class ListeningSocket {

    /** {@code __SO_ACCEPTCON} in the flags column: the socket listens. */
    private static final int LISTENING = 0x10000;

    private static final Path UNIX_SOCKETS = Path.of("/proc/net/unix");

    private ListeningSocket() {}

    /**
     * The inode of the one socket listening on {@code path}, or empty when none or several do (then the
     * path names no single listener).
     */
    public static OptionalLong inode(Path path) {
        try {
            return inode(Files.readAllLines(UNIX_SOCKETS), path.toString());
        } catch (IOException | RuntimeException unreadable) {
            return OptionalLong.empty();
        }
    }

    /** The listening inode for {@code path} in the lines of {@code /proc/net/unix}. */
    static OptionalLong inode(List<String> table, String path) {
        List<Long> found = new ArrayList<>();
        for (String line : table) {
            // Num RefCount Protocol Flags Type St Inode Path; a path may contain spaces, so it is the rest
            String[] fields = line.trim().split(" +", 8);
            if (fields.length == 8 && fields[7].equals(path)) {
                try {
                    if ((Integer.parseInt(fields[3], 16) & LISTENING) != 0) {
                        found.add(Long.parseLong(fields[6]));
                    }
                } catch (NumberFormatException header) {
                    // the heading line, or a line of another form
                }
            }
        }
        return found.size() == 1 ? OptionalLong.of(found.get(0)) : OptionalLong.empty();
    }

    /** Whether process {@code processId} holds a descriptor of socket {@code inode}. */
    public static boolean heldBy(long inode, long processId) {
        String target = "socket:[" + inode + "]";
        try (DirectoryStream<Path> descriptors =
                Files.newDirectoryStream(Path.of("/proc", Long.toString(processId), "fd"))) {
            for (Path descriptor : descriptors) {
                try {
                    if (Files.readSymbolicLink(descriptor).toString().equals(target)) {
                        return true;
                    }
                } catch (IOException closed) {
                    // closed while listed
                }
            }
            return false;
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
    }
}

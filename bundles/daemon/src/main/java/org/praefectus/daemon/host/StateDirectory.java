package org.praefectus.daemon.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** The daemon's private state folder: key, ledger, audit log. 0700; refused when others may read or write. */
public final class StateDirectory {

    private StateDirectory() {}

    /** {@code $XDG_STATE_HOME/praefectus/daemon}, or {@code ~/.local/state/praefectus/daemon} without it. */
    public static Path defaultPath() {
        String xdg = System.getenv("XDG_STATE_HOME");
        Path state = xdg != null && xdg.startsWith("/")
                ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".local", "state");
        return state.resolve("praefectus").resolve("daemon");
    }

    public static void ensurePrivate(Path directory) throws IOException {
        if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(
                    directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
        }
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("the daemon state folder is not a directory");
        }
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS);
        if (mode.contains(PosixFilePermission.GROUP_WRITE)
                || mode.contains(PosixFilePermission.OTHERS_WRITE)
                || mode.contains(PosixFilePermission.OTHERS_READ)
                || mode.contains(PosixFilePermission.GROUP_READ)) {
            throw new IOException("the daemon state folder must be private (0700)");
        }
    }
}

package org.praefectus.macos.executor;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.EnumSet;
import java.util.Set;

/**
 * Host-owned private state (screenshots): directories 0700, files 0600, created new. A directory that is
 * not ours, is a symbolic link, or that group or others may write is refused rather than repaired, since
 * another user could already have placed something in it.
 */
final class PrivateState {

    private static final Set<PosixFilePermission> SHARED_WRITE =
            EnumSet.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    private PrivateState() {}

    /** The directory, created 0700 when absent; refused when it is shared or not ours. */
    static Path directory(Path directory) throws IOException {
        if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(directory.toAbsolutePath().getParent());
            Files.createDirectory(
                    directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("private state path is not a plain directory");
        }
        UserPrincipal owner = Files.getOwner(directory, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal self = directory
                .getFileSystem()
                .getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name"));
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS);
        if (!owner.equals(self) || permissions.stream().anyMatch(SHARED_WRITE::contains)) {
            throw new IOException("private state directory is shared with other users");
        }
        // readable by others is tightened: nothing has been written into it by us yet that they could not read
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
        return directory;
    }

    /** Writes a new 0600 file (never replacing one) and forces it to disk. */
    static void writeNew(Path file, byte[] bytes) throws IOException {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
                OutputStream out = java.nio.channels.Channels.newOutputStream(channel)) {
            out.write(bytes);
            out.flush();
            channel.force(true);
        }
    }
}

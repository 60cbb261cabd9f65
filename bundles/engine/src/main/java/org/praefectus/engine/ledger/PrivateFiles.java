package org.praefectus.engine.ledger;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.praefectus.api.host.HostState;

/**
 * Private state as the reference keeps it: files 0600 opened without following symlinks, directories 0700
 * created with their parents fsynced, and an existing directory refused when another user owns it or it is
 * group/world writable. User-only permissions are not a boundary against processes of the same user.
 */
final class PrivateFiles {

    private static final boolean POSIX =
            FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {}

    /**
     * Creates the missing part of {@code directory} privately after checking the nearest existing one: the
     * host kit's rule ({@link HostState#privateDirectory}), shared with every host's state directory.
     */
    static void ensureDirectory(Path directory) throws LedgerException {
        try {
            HostState.privateDirectory(directory);
        } catch (HostState.NotPrivateException e) {
            throw notPrivate();
        } catch (IOException e) {
            throw new LedgerException(LedgerException.Reason.IO, "ledger directory is unavailable", e);
        }
    }

    /** Opens (creating 0600 if needed) a regular file without following a symlink and restricts it to 0600. */
    static FileChannel openPrivate(Path file) throws LedgerException {
        try {
            Set<OpenOption> options = Set.of(
                    StandardOpenOption.READ,
                    StandardOpenOption.WRITE,
                    StandardOpenOption.CREATE,
                    LinkOption.NOFOLLOW_LINKS);
            boolean existed = Files.exists(file, LinkOption.NOFOLLOW_LINKS);
            FileChannel channel = POSIX
                    ? FileChannel.open(
                            file, options, new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE_MODE)})
                    : FileChannel.open(file, options);
            try {
                if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    throw notPrivate();
                }
                if (POSIX) {
                    Files.setPosixFilePermissions(file, FILE_MODE);
                }
                if (!existed) {
                    syncDirectory(file.toAbsolutePath().getParent());
                }
                return channel;
            } catch (IOException | LedgerException | RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (IOException e) {
            throw new LedgerException(LedgerException.Reason.IO, "ledger file is unavailable", e);
        }
    }

    /** fsyncs a directory so a created entry survives a crash; a no-op where directories cannot be opened. */
    static void syncDirectory(Path directory) throws IOException {
        if (directory == null || !POSIX) {
            return;
        }
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    /** The current {@code fileKey} (device and inode on Unix) of a path, or {@code null} when absent. */
    static Object fileKey(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    private static LedgerException notPrivate() {
        return new LedgerException(
                LedgerException.Reason.NOT_PRIVATE, "Praefectus state directory is not private", null);
    }
}

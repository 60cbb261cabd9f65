package org.praefectus.api.host;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Directories 0700, files 0600; an existing directory is refused when another user owns it or may write. */
final class PosixPrivacy implements Privacy {

    private static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");

    @Override
    public void createDirectory(Path directory) throws IOException {
        Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(DIRECTORY_MODE));
        // the umask may have taken bits away from the creation mode; set it exactly
        Files.setPosixFilePermissions(directory, DIRECTORY_MODE);
    }

    @Override
    public void requireDirectory(Path directory) throws IOException {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS);
        boolean writableByOthers =
                mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE);
        String owner = Files.getOwner(directory, LinkOption.NOFOLLOW_LINKS).getName();
        if (writableByOthers || !owner.equals(System.getProperty("user.name"))) {
            throw new HostState.NotPrivateException("the state directory is not private");
        }
    }

    @Override
    public FileChannel createFile(Path file) throws IOException {
        return FileChannel.open(
                file,
                Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(FILE_MODE));
    }

    @Override
    public void requireFile(Path file) throws IOException {
        if (!Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS).equals(FILE_MODE)) {
            throw new HostState.NotPrivateException("the host state file must have mode 0600");
        }
    }

    @Override
    public void syncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}

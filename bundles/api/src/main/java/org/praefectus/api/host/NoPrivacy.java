package org.praefectus.api.host;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A file system with neither POSIX modes nor ACLs: nothing can be restricted, so nothing is checked. */
final class NoPrivacy implements Privacy {

    @Override
    public void createDirectory(Path directory) throws IOException {
        java.nio.file.Files.createDirectory(directory);
    }

    @Override
    public void requireDirectory(Path directory) {}

    @Override
    public FileChannel createFile(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    @Override
    public void requireFile(Path file) {}

    @Override
    public void syncDirectory(Path directory) {}
}

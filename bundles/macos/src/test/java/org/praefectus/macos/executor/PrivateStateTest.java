package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 0700 directories, 0600 files, and refusal of a directory others may write. */
class PrivateStateTest {

    @TempDir
    Path directory;

    @Test
    void aMissingDirectoryIsCreatedPrivate() throws Exception {
        Path state = PrivateState.directory(directory.resolve("a").resolve("state"));

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(state)));
    }

    @Test
    void aDirectoryOthersMayWriteIsRefusedNotRepaired() throws Exception {
        Path shared = Files.createDirectory(directory.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));

        assertThrows(IOException.class, () -> PrivateState.directory(shared));
        assertEquals("rwxrwxrwx", PosixFilePermissions.toString(Files.getPosixFilePermissions(shared)));
    }

    @Test
    void aSymbolicLinkIsRefused() throws Exception {
        Path target = Files.createDirectory(directory.resolve("target"));
        Path link = Files.createSymbolicLink(directory.resolve("link"), target);

        assertThrows(IOException.class, () -> PrivateState.directory(link));
    }

    @Test
    void filesAreNewAndPrivate() throws Exception {
        Path file = directory.resolve("shot.png");

        PrivateState.writeNew(file, new byte[] {1, 2, 3});

        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertThrows(FileAlreadyExistsException.class, () -> PrivateState.writeNew(file, new byte[] {4}));
        assertEquals(3, Files.size(file));
    }
}

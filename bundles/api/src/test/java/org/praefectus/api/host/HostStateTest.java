package org.praefectus.api.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostStateTest {

    @TempDir
    Path temp;

    @Test
    void theRootIsTheAbsoluteXdgStateHomeElseLocalState() {
        Path home = Path.of("/home/someone");
        assertEquals(Path.of("/state/praefectus"), HostState.root(Map.of("XDG_STATE_HOME", "/state"), home));
        assertEquals(
                Path.of("/home/someone/.local/state/praefectus"),
                HostState.root(Map.of("XDG_STATE_HOME", "relative/state"), home));
        assertEquals(Path.of("/home/someone/.local/state/praefectus"), HostState.root(Map.of(), home));
    }

    @Test
    void missingDirectoriesAreCreatedPrivate() throws Exception {
        Path directory = HostState.privateDirectory(temp.resolve("a/b"));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(directory)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(temp.resolve("a"))));
    }

    @Test
    void aSharedOrLinkedDirectoryIsRefused() throws Exception {
        Path shared = Files.createDirectory(temp.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxr-x"));
        assertThrows(HostState.NotPrivateException.class, () -> HostState.privateDirectory(shared.resolve("x")));
        Path link = Files.createSymbolicLink(temp.resolve("link"), Files.createDirectory(temp.resolve("real")));
        assertThrows(HostState.NotPrivateException.class, () -> HostState.privateDirectory(link));
    }

    @Test
    void aKeyFileIsCreatedOnceWithMode0600AndReadBack() throws Exception {
        Path file = temp.resolve("state/host-key.ed25519");
        HostKey created = HostKey.loadOrCreate(file);
        HostKey loaded = HostKey.loadOrCreate(file);
        assertEquals(created.publicKeyHex(), loaded.publicKeyHex());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertThrows(HostState.NotPrivateException.class, () -> HostKey.loadOrCreate(file));
    }

    @Test
    void aHostNameIsOnePathSegment() {
        assertThrows(IllegalArgumentException.class, () -> HostState.directory("../escape"));
        assertThrows(IllegalArgumentException.class, () -> HostState.directory(""));
    }
}

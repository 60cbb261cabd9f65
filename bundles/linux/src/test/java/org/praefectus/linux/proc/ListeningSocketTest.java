package org.praefectus.linux.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ListeningSocketTest {

    private static final List<String> TABLE = List.of(
            "Num       RefCount Protocol Flags    Type St Inode Path",
            "0000000035a8084b: 00000003 00000000 00000000 0001 03 2209477 /run/app/socket",
            "00000000fe9acf11: 00000002 00000000 00010000 0001 01 2209566 /run/app/socket",
            "00000000a98aa5cc: 00000002 00000000 00010000 0001 01 2209313 /run/other socket",
            "00000000a98aa5cd: 00000002 00000000 00010000 0001 01 3000001 /run/twice",
            "00000000a98aa5ce: 00000002 00000000 00010000 0001 01 3000002 /run/twice");

    @Test
    void theOneListeningSocketOfAPathIsFound() {
        assertEquals(
                OptionalLong.of(2209566),
                ListeningSocket.inode(TABLE, "/run/app/socket"),
                "the accepted connection on the same path is not the listener");
        assertEquals(OptionalLong.of(2209313), ListeningSocket.inode(TABLE, "/run/other socket"));
        assertEquals(OptionalLong.empty(), ListeningSocket.inode(TABLE, "/run/twice"), "two listeners: no one");
        assertEquals(OptionalLong.empty(), ListeningSocket.inode(TABLE, "/run/none"));
    }

    @Test
    void aListenerThisProcessHoldsIsFoundInTheKernelsTables(@TempDir Path directory) throws Exception {
        Path path = directory.resolve("listener");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            OptionalLong inode = ListeningSocket.inode(path);
            assertTrue(inode.isPresent());
            assertTrue(ListeningSocket.heldBy(
                    inode.getAsLong(), ProcessHandle.current().pid()));
            Process other = new ProcessBuilder("sleep", "5").start();
            try {
                assertFalse(ListeningSocket.heldBy(inode.getAsLong(), other.pid()));
            } finally {
                other.destroy();
                other.waitFor();
            }
        }
        assertEquals(OptionalLong.empty(), ListeningSocket.inode(path), "closed: nobody listens");
    }
}

package org.praefectus.logging.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RotatingLogFileTest {

    @TempDir
    Path directory;

    private List<Path> files() throws IOException {
        try (Stream<Path> listed = Files.list(directory)) {
            return listed.sorted().toList();
        }
    }

    @Test
    void rotationBoundsTheTotalSizeAndKeepsTheNewestLines() throws IOException {
        try (RotatingLogFile log = new RotatingLogFile(directory, "daemon.log", 256, 3)) {
            for (int i = 0; i < 1_000; i++) {
                log.append("line %04d of a log that would grow without end\n".formatted(i));
            }
        }
        List<Path> files = files();
        assertEquals(
                List.of("daemon.log", "daemon.log.1", "daemon.log.2"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        long total = 0;
        for (Path file : files) {
            long size = Files.size(file);
            assertTrue(size <= 256, file + " holds " + size + " bytes");
            total += size;
            assertEquals(
                    "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file.toString());
        }
        assertTrue(total <= 3 * 256, "the log holds " + total + " bytes");
        assertTrue(Files.readString(directory.resolve("daemon.log"))
                .endsWith("line 0999 of a log that would grow without end\n"));
        assertTrue(Files.readString(directory.resolve("daemon.log.1")).contains("line 099"));
    }

    @Test
    void aLineLongerThanAFileIsCutToTheBound() throws IOException {
        try (RotatingLogFile log = new RotatingLogFile(directory, "bridge.log", 100, 2)) {
            log.append("x".repeat(1_000) + "\n");
            log.append("next\n");
        }
        assertEquals(100, Files.size(directory.resolve("bridge.log.1")));
        assertEquals("next\n", Files.readString(directory.resolve("bridge.log")));
    }

    @Test
    void aFileLeftWithOtherModesIsMadePrivateAndAppendedTo() throws IOException {
        Path old = Files.writeString(directory.resolve("mcp-http.log"), "before\n");
        Files.setPosixFilePermissions(old, PosixFilePermissions.fromString("rw-r--r--"));
        try (RotatingLogFile log = new RotatingLogFile(directory, "mcp-http.log", 1_000, 2)) {
            log.append("after\n");
        }
        assertEquals("before\nafter\n", Files.readString(old));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(old)));
    }

    @Test
    void aSymlinkPlantedAsTheLogIsRefused() throws IOException {
        Path target = Files.writeString(directory.resolve("elsewhere"), "");
        Files.createSymbolicLink(directory.resolve("daemon.log"), target);
        assertThrows(IOException.class, () -> new RotatingLogFile(directory, "daemon.log", 1_000, 2));
        assertEquals("", Files.readString(target));
    }
}

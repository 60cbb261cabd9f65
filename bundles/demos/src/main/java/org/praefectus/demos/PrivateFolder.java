package org.praefectus.demos;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/** A demo's private (0700) temporary folder for its ledger, deleted when the demo ends. */
public final class PrivateFolder implements AutoCloseable {

    private final Path path;

    /** Creates a new folder named after {@code prefix}. */
    public PrivateFolder(String prefix) throws IOException {
        this.path = Files.createTempDirectory(
                prefix, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    /** The folder. */
    public Path path() {
        return path;
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(path)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException | java.io.UncheckedIOException leftOver) {
            // private and under the temporary directory: the OS cleans it up
        }
    }
}

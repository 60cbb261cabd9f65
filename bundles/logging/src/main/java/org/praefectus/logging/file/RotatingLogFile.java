package org.praefectus.logging.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;

/**
 * A log file bounded by size: {@code NAME.log} takes lines until the next one would pass {@code fileBytes}; then
 * {@code NAME.log.1} … {@code NAME.log.(files-1)} move one up, the oldest is dropped and a new {@code NAME.log}
 * begins. The files together never hold more than {@code fileBytes × files} bytes (a longer line is cut to
 * {@code fileBytes}). Every file is 0600 (where the file system has POSIX modes; elsewhere it inherits the
 * owner-only ACL of its folder), never opened through a symlink.
 */
public final class RotatingLogFile implements AutoCloseable {

    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rw-------");

    private static final Set<OpenOption> APPEND = Set.of(
            StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);

    private final Path file;
    private final long fileBytes;
    private final int files;
    private final boolean posix;
    private FileChannel channel;
    private long size;

    /**
     * Opens (creating 0600 when absent) {@code directory/name}, appending.
     *
     * @throws IOException when the file cannot be opened, is not a regular file or is a symlink
     */
    public RotatingLogFile(Path directory, String name, long fileBytes, int files) throws IOException {
        if (fileBytes < 1 || files < 1) {
            throw new IllegalArgumentException("a log keeps at least one file of at least one byte");
        }
        this.file = directory.resolve(name);
        this.fileBytes = fileBytes;
        this.files = files;
        this.posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        open();
    }

    /** The current file ({@code NAME.log}). */
    public Path file() {
        return file;
    }

    /** Appends {@code text} (one or more whole lines), rotating first when it would not fit. */
    public synchronized void append(String text) throws IOException {
        if (channel == null) {
            throw new IOException("the log file is closed");
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > fileBytes) {
            bytes = Arrays.copyOf(bytes, (int) fileBytes);
            bytes[bytes.length - 1] = '\n';
        }
        if (size > 0 && size + bytes.length > fileBytes) {
            rotate();
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            size += channel.write(buffer);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }

    private void rotate() throws IOException {
        channel.close();
        channel = null;
        Files.deleteIfExists(numbered(files - 1));
        for (int i = files - 2; i >= 1; i--) {
            moveIfPresent(numbered(i), numbered(i + 1));
        }
        if (files > 1) {
            moveIfPresent(file, numbered(1));
        } else {
            Files.deleteIfExists(file);
        }
        open();
    }

    private Path numbered(int generation) {
        return file.resolveSibling(file.getFileName() + "." + generation);
    }

    private static void moveIfPresent(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException absent) {
            // fewer generations than files so far
        }
    }

    private void open() throws IOException {
        FileAttribute<?>[] attributes = posix
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PRIVATE)}
                : new FileAttribute<?>[0];
        // NOFOLLOW_LINKS: a symlink planted as the log is refused (ELOOP), never followed
        FileChannel opened = FileChannel.open(file, APPEND, attributes);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("the log is not a regular file");
            }
            if (posix) {
                // a file left by an older run or another umask: private again before anything is written
                Files.setPosixFilePermissions(file, PRIVATE);
            }
            size = opened.size();
        } catch (IOException | RuntimeException e) {
            opened.close();
            throw e;
        }
        channel = opened;
    }
}

package org.praefectus.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The host's folder browser mode keeps page screenshots in ({@code mcp --browser --screenshot-dir DIR}): each under a
 * name the server chooses ({@code page-<UTC time>-<n>.png}), created new (never over a file), readable by the owner
 * only. A model never names a path; the bytes go nowhere else (no log, no audit).
 */
final class ScreenshotFolder {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final Path folder;
    private final AtomicLong taken = new AtomicLong();

    /** The folder as its real path, checked to be a folder (the options checked it exists). */
    ScreenshotFolder(Path folder) throws IOException {
        Path real = folder.toRealPath();
        if (!Files.isDirectory(real)) {
            throw new IOException("not a folder");
        }
        this.folder = real;
    }

    /** Writes {@code png} under a new name and answers that name (relative to the folder). */
    String keep(byte[] png) throws IOException {
        String name = "page-" + TIME.format(Instant.now()) + "-" + taken.incrementAndGet() + ".png";
        Path file = folder.resolve(name);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE)) {
            out.write(png);
        }
        return name;
    }
}

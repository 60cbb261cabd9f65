package org.praefectus.cli.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The bundles of the jar, extracted once per user into {@code $XDG_CACHE_HOME/praefectus/bundles-KEY}
 * ({@code ~/.cache} without it) and installed from there by reference: no start copies 50 MB of bundles
 * again. KEY hashes the name, CRC-32 and size of every nested jar from the zip directory, so a rebuilt jar
 * gets a new folder without reading its contents. A half-written folder is never used: extraction writes a
 * private temporary folder and renames it into place, and a concurrent first start simply loses the race.
 */
final class BundleCache {

    static final String PREFIX = "bundles-";

    private BundleCache() {}

    /** The folder holding {@code entries} (names inside the jar) as files of the same base name. */
    static Path prepare(Path jar, List<String> entries) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Path folder = root().resolve(PREFIX + key(zip));
            if (Files.isRegularFile(folder.resolve(".complete"))) {
                return folder;
            }
            Files.createDirectories(
                    root(), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path staging = Files.createTempDirectory(root(), ".staging-");
            try {
                for (String entry : entries) {
                    ZipEntry nested = zip.getEntry(entry);
                    if (nested == null) {
                        throw new IOException("the jar lacks " + entry);
                    }
                    try (InputStream in = zip.getInputStream(nested)) {
                        Files.copy(in, staging.resolve(baseName(entry)));
                    }
                }
                Files.writeString(staging.resolve(".complete"), jar.toString(), StandardCharsets.UTF_8);
                try {
                    Files.move(staging, folder, StandardCopyOption.ATOMIC_MOVE);
                } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException raced) {
                    // another first start won: its folder is as good as ours
                } catch (IOException raced) {
                    if (!Files.isRegularFile(folder.resolve(".complete"))) {
                        throw raced;
                    }
                }
            } finally {
                delete(staging);
            }
            return folder;
        }
    }

    /** The key of a folder that {@link #prepare} returned: it names the bundle set. */
    static String keyOf(Path folder) {
        return folder.getFileName().toString().substring(PREFIX.length());
    }

    static String baseName(String entry) {
        return entry.substring(entry.lastIndexOf('/') + 1);
    }

    static Path root() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache =
                xdg != null && xdg.startsWith("/") ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("praefectus");
    }

    private static String key(ZipFile zip) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
        Enumeration<? extends ZipEntry> all = zip.entries();
        while (all.hasMoreElements()) {
            ZipEntry entry = all.nextElement();
            if (entry.getName().startsWith("jar/")) {
                digest.update((entry.getName() + ':' + entry.getCrc() + ':' + entry.getSize() + '\n')
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        return HexFormat.of().formatHex(digest.digest()).substring(0, 20);
    }

    /** Deletes everything inside {@code folder} but its direct child {@code kept}. */
    static void deleteContents(Path folder, Path kept) {
        try (Stream<Path> children = Files.list(folder)) {
            children.filter(child -> !child.getFileName().equals(kept)).forEach(BundleCache::delete);
        } catch (IOException ignored) {
            // what cannot be removed now is removed by the next discard
        }
    }

    static void delete(Path tree) {
        if (!Files.exists(tree)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(tree)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException ignored) {
            // a temporary folder that cannot be removed is left to the system's cleaner
        }
    }
}
